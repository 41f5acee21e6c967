import { describe, expect, it } from '@jest/globals';
import {
  CreateVariableRequest,
  FieldMessage,
  GenerateLicensesRequest,
  PREFIX_MESSAGE,
  SetUserVariableRequest,
  UpdateVariableRequest,
  UserVariableMessage,
  VariableLimits,
  VariableMessage,
} from '@latchkey/contracts';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { shapeResolver, type FormOnlyRules, type RequestShape } from './shape-resolver';

/** What the resolver says of `values`: each refused field's message, or the values it passes on. */
async function check<T extends FieldValues>(shape: RequestShape, values: T, formOnly?: FormOnlyRules<T>) {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<T>;
  const { values: passed, errors } = await shapeResolver<T>(shape, formOnly)(values, undefined, options);
  const messages = Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]));
  return Object.keys(messages).length > 0 ? messages : passed;
}

describe('shapeResolver', () => {
  it("refuses a field in the API's words, the first rule it breaks", async () => {
    expect(await check(CreateVariableRequest, { key: 'bad key', value: 'x', minLevel: 0 })).toEqual({
      key: VariableMessage.key,
    });
    expect(await check(CreateVariableRequest, { key: '', value: 'x'.repeat(VariableLimits.valueMax + 1) })).toEqual({
      key: VariableMessage.key,
      value: VariableMessage.value,
    });
    const range = FieldMessage.between('minLevel', VariableLimits.minLevelMin, VariableLimits.minLevelMax);
    expect(await check(UpdateVariableRequest, { value: 'x', minLevel: VariableLimits.minLevelMax + 1 })).toEqual({
      minLevel: range,
    });
    // An empty number input (NaN) is not an integer, as the API would say of it.
    expect(await check(UpdateVariableRequest, { value: 'x', minLevel: Number.NaN })).toEqual({
      minLevel: FieldMessage.integer('minLevel'),
    });
    expect(await check(SetUserVariableRequest, { key: 'k', value: 'x'.repeat(5000) })).toEqual({
      value: UserVariableMessage.value,
    });
  });

  it("passes the form's own values on, fields outside the shape included", async () => {
    const values = { key: 'motd', value: 'hello', minLevel: 3 };
    const passed = await check(UpdateVariableRequest, values);
    expect(passed).toEqual(values);
    expect(passed).not.toBeInstanceOf(UpdateVariableRequest);
  });

  it('checks the body the form sends when given toBody, and passes the form values on', async () => {
    const values = { durationType: '30d', prefix: '', note: '  ' };
    expect(await check(GenerateLicensesRequest, values)).toEqual({ prefix: PREFIX_MESSAGE });
    const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<typeof values>;
    const leftOut = ({ durationType }: typeof values) => ({ durationType });
    const result = await shapeResolver(GenerateLicensesRequest, {}, leftOut)(values, undefined, options);
    expect(result).toEqual({ values, errors: {} });
  });

  it("runs the form's rules of fields outside the shape, after the shape's own", async () => {
    const taken = (key: string) => key !== 'theme' || 'taken';
    expect(await check(SetUserVariableRequest, { key: 'theme', value: 'x' }, { key: taken })).toEqual({ key: 'taken' });
    expect(await check(SetUserVariableRequest, { key: 'theme', value: 7 }, { key: taken })).toEqual({
      key: 'taken',
      value: FieldMessage.string('value'),
    });
    expect(await check(SetUserVariableRequest, { key: 'other', value: 'x' }, { key: taken })).toEqual({
      key: 'other',
      value: 'x',
    });
  });
});
