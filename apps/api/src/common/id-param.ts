import { Injectable, Param, type PipeTransform } from '@nestjs/common';
import { AppError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else can only be "not found", never a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Answers the contract's 404 `Not found` for a path id that is not a UUID, before any service reads it. */
@Injectable()
export class MalformedIdIsNotFound implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw new AppError('NOT_FOUND');
    return value;
  }
}

/**
 * A UUID path parameter: `@IdParam('userId') userId: string`. The one place
 * the "malformed id -> 404" rule is applied to route ids; `:appId` gets it
 * from AppOwnershipGuard (AppsService.findOwned), which runs before any pipe.
 */
export const IdParam = (name: string): ParameterDecorator => Param(name, MalformedIdIsNotFound);
