import { IsIn, IsObject, ValidateBy } from 'class-validator';
import {
  KEYAUTH_IMPORT_KINDS,
  KEYAUTH_IMPORT_OUTCOMES,
  KeyAuthImportLimits,
  KeyAuthImportMessage,
  type KeyAuthImportKind,
  type KeyAuthImportOutcome,
} from '../keyauth-import.js';
import { Optional } from './fields.js';
import { ListQuery } from './paging.js';

/*
 * Request shapes of a KeyAuth import: the one declaration of their rules. The
 * API's DTOs (apps/api/src/modules/keyauth/import) extend these with OpenAPI only.
 */

const { subscriptionsMax, subscriptionNameMax, levelMin, levelMax } = KeyAuthImportLimits;

/** At most subscriptionsMax names, each of at most subscriptionNameMax characters, each given a level in range. */
function isLevelMap(levels: unknown): boolean {
  if (typeof levels !== 'object' || levels === null || Array.isArray(levels)) return false;
  const entries = Object.entries(levels);
  return (
    entries.length <= subscriptionsMax &&
    entries.every(
      ([name, level]) =>
        name.length <= subscriptionNameMax && Number.isInteger(level) && level >= levelMin && level <= levelMax,
    )
  );
}

/** `POST .../keyauth-imports/{importId}/commit`: the level of each subscription name (absent names get level 1). */
export class CommitKeyAuthImportRequest {
  @Optional()
  @ValidateBy({
    name: 'isKeyAuthImportLevels',
    validator: { validate: isLevelMap, defaultMessage: () => KeyAuthImportMessage.levels },
  })
  @IsObject({ message: KeyAuthImportMessage.levels })
  levels?: Record<string, number>;
}

/** `GET .../keyauth-imports/{importId}/rows`: paging, one kind of row (users by default), optionally one outcome. */
export class KeyAuthImportRowsQuery extends ListQuery {
  @Optional()
  @IsIn(KEYAUTH_IMPORT_KINDS, { message: KeyAuthImportMessage.kind })
  kind: KeyAuthImportKind = 'users';

  @Optional()
  @IsIn(KEYAUTH_IMPORT_OUTCOMES, { message: KeyAuthImportMessage.outcome })
  outcome?: KeyAuthImportOutcome;
}
