import { IsBoolean, IsIn, IsInt, IsString, IsUrl, IsUUID, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { DURATION_TYPES, LicenseLimits, type DurationType } from '../licensing.js';
import {
  STORE_EVENT_OUTCOMES,
  STORE_ORDER_STATUSES,
  STORE_PROVIDERS,
  StoreLimits,
  type StoreEventOutcome,
  type StoreOrderStatus,
  type StoreProvider,
} from '../store.js';
import {
  HTTP_URL_OPTIONS,
  Optional,
  OptionalInt,
  OptionalLevel,
  OptionalMaxDevices,
  OptionalOrNull,
  allOf,
} from './fields.js';
import { ListQuery } from './paging.js';

/*
 * Request shapes of an app's store connections, product mappings, orders and
 * received events (issue 42). Whether a store needs a pasted signing secret
 * (every store but `generic`) is the API's check: it depends on `provider`.
 */

const name = allOf(
  IsString({ message: FieldMessage.string('name') }),
  Length(StoreLimits.nameMin, StoreLimits.nameMax, {
    message: FieldMessage.length('name', StoreLimits.nameMin, StoreLimits.nameMax),
  }),
);
const signingSecret = allOf(
  IsString({ message: FieldMessage.string('signingSecret') }),
  Length(StoreLimits.signingSecretMin, StoreLimits.signingSecretMax, {
    message: FieldMessage.length('signingSecret', StoreLimits.signingSecretMin, StoreLimits.signingSecretMax),
  }),
);
const externalId = allOf(
  IsString({ message: FieldMessage.string('externalId') }),
  Length(StoreLimits.externalIdMin, StoreLimits.externalIdMax, {
    message: FieldMessage.length('externalId', StoreLimits.externalIdMin, StoreLimits.externalIdMax),
  }),
);
const productName = allOf(
  IsString({ message: FieldMessage.string('name') }),
  Length(StoreLimits.productNameMin, StoreLimits.productNameMax, {
    message: FieldMessage.length('name', StoreLimits.productNameMin, StoreLimits.productNameMax),
  }),
);
const durationType = IsIn(DURATION_TYPES, { message: FieldMessage.oneOf('durationType', DURATION_TYPES) });
const AMOUNT_MESSAGE = FieldMessage.nullOrBetween('expectedAmount', StoreLimits.amountMin, StoreLimits.amountMax);
const expectedAmount = allOf(
  OptionalOrNull(),
  IsInt({ message: AMOUNT_MESSAGE }),
  Min(StoreLimits.amountMin, { message: AMOUNT_MESSAGE }),
  Max(StoreLimits.amountMax, { message: AMOUNT_MESSAGE }),
);
export const CURRENCY_MESSAGE = 'currency must be null or a three-letter ISO 4217 code such as USD';
const currency = allOf(
  OptionalOrNull(),
  IsString({ message: CURRENCY_MESSAGE }),
  Matches(/^[A-Za-z]{3}$/, { message: CURRENCY_MESSAGE }),
);
const renewalUrl = allOf(
  OptionalOrNull(),
  IsString({ message: FieldMessage.string('renewalUrl') }),
  IsUrl(HTTP_URL_OPTIONS, { message: FieldMessage.httpUrl('renewalUrl') }),
  MaxLength(StoreLimits.renewalUrlMax, { message: FieldMessage.atMost('renewalUrl', StoreLimits.renewalUrlMax) }),
);
const keysPerUnit = () => OptionalInt('keysPerUnit', StoreLimits.keysPerUnitMin, StoreLimits.keysPerUnitMax);

/** `POST .../store/connections`. */
export class CreateStoreConnectionRequest {
  @IsIn(STORE_PROVIDERS, { message: FieldMessage.oneOf('provider', STORE_PROVIDERS) })
  provider!: StoreProvider;

  @name
  name!: string;

  /** The store's webhook signing secret; required for every store but `generic`, whose secret Latchkey makes. */
  @Optional()
  @signingSecret
  signingSecret?: string;
}

/** `PATCH .../store/connections/{connectionId}`: only what is sent changes. */
export class UpdateStoreConnectionRequest {
  @Optional()
  @name
  name?: string;

  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('enabled') })
  enabled?: boolean;

  /** A new pasted secret (not for `generic`: rotate it instead). */
  @Optional()
  @signingSecret
  signingSecret?: string;
}

/** `POST .../store/connections/{connectionId}/products`: what one unit of the store's product yields. */
export class CreateStoreProductRequest {
  @externalId
  externalId!: string;

  @productName
  name!: string;

  @keysPerUnit()
  keysPerUnit?: number;

  @OptionalLevel()
  level?: number;

  @durationType
  durationType!: DurationType;

  @OptionalMaxDevices()
  maxDevices?: number;

  /** Least amount per unit in minor units; null (or absent) accepts any. */
  @expectedAmount
  expectedAmount?: number | null;

  @currency
  currency?: string | null;

  @renewalUrl
  renewalUrl?: string | null;
}

/** `PATCH .../store/products/{productId}`: only what is sent changes. */
export class UpdateStoreProductRequest {
  @Optional()
  @externalId
  externalId?: string;

  @Optional()
  @productName
  name?: string;

  @keysPerUnit()
  keysPerUnit?: number;

  @OptionalLevel()
  level?: number;

  @Optional()
  @durationType
  durationType?: DurationType;

  @OptionalMaxDevices()
  maxDevices?: number;

  @expectedAmount
  expectedAmount?: number | null;

  @currency
  currency?: string | null;

  @renewalUrl
  renewalUrl?: string | null;
}

const connectionId = allOf(Optional(), IsUUID('all', { message: FieldMessage.uuid('connectionId') }));

/** `GET .../store/orders`: by buyer email, store order id or key (each exact or a prefix), status and connection. */
export class ListStoreOrdersQuery extends ListQuery {
  @Optional()
  @IsString({ message: FieldMessage.string('search') })
  @Length(StoreLimits.searchMin, StoreLimits.searchMax, {
    message: FieldMessage.length('search', StoreLimits.searchMin, StoreLimits.searchMax),
  })
  search?: string;

  @Optional()
  @IsIn(STORE_ORDER_STATUSES, { message: FieldMessage.oneOf('status', STORE_ORDER_STATUSES) })
  status?: StoreOrderStatus;

  @connectionId
  connectionId?: string;
}

/** `GET .../store/events`: newest first, by outcome and connection. */
export class ListStoreEventsQuery extends ListQuery {
  @Optional()
  @IsIn(STORE_EVENT_OUTCOMES, { message: FieldMessage.oneOf('outcome', STORE_EVENT_OUTCOMES) })
  outcome?: StoreEventOutcome;

  @connectionId
  connectionId?: string;
}

/** Defaults of a mapping's optional fields. */
export const STORE_PRODUCT_DEFAULTS = {
  keysPerUnit: 1,
  level: LicenseLimits.levelDefault,
  maxDevices: LicenseLimits.maxDevicesDefault,
} as const;
