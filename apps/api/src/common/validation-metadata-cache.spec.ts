import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage, IsInt, IsString, Length, MetadataStorage, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

class Base {
  @IsString({ message: 'a must be a string' })
  a: unknown;
}

class Child extends Base {
  @Length(1, 3, { message: 'b must be 1-3 characters' })
  b: unknown;
}

const messages = (object: object) =>
  validateSync(object, { forbidUnknownValues: false }).flatMap((e) => Object.values(e.constraints ?? {}));
const propertiesOf = (target: typeof Base) =>
  getMetadataStorage()
    .getTargetValidationMetadatas(target, '', false, false)
    .map((m) => m.propertyName)
    .sort();

describe('cacheValidationMetadata', () => {
  it('answers every lookup as class-validator does, inherited rules included, and validation alike', () => {
    const storage = getMetadataStorage();
    const before = [Base, Child].map((target) => storage.getTargetValidationMetadatas(target, '', false, false));
    const invalid = Object.assign(new Child(), { a: 1, b: 'long' });
    const messagesBefore = messages(invalid);

    cacheValidationMetadata();

    expect([Base, Child].map((target) => storage.getTargetValidationMetadatas(target, '', false, false))).toEqual(
      before,
    );
    expect(propertiesOf(Child)).toEqual(['a', 'b']);
    expect(messages(invalid)).toEqual(messagesBefore);
    expect(messages(Object.assign(new Child(), { a: 'x', b: 'ok' }))).toEqual([]);
  });

  it('sees a rule registered after a lookup was cached', () => {
    cacheValidationMetadata();
    expect(propertiesOf(Child)).toEqual(['a', 'b']);
    IsInt({ message: 'c must be an integer' })(Base.prototype, 'c');
    expect(propertiesOf(Child)).toEqual(['a', 'b', 'c']);
    expect(messages(Object.assign(new Child(), { a: 'x', b: 'ok', c: 'no' }))).toEqual(['c must be an integer']);
  });

  it('wraps a storage once however often it is called', () => {
    const storage = new MetadataStorage();
    cacheValidationMetadata(storage);
    const wrapped = storage.getTargetValidationMetadatas;
    cacheValidationMetadata(storage);
    expect(storage.getTargetValidationMetadatas).toBe(wrapped);
  });
});
