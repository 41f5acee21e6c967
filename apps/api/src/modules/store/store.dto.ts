import {
  CreateStoreConnectionRequest,
  CreateStoreProductRequest,
  DURATION_TYPES,
  ListStoreEventsQuery as ListStoreEventsShape,
  ListStoreOrdersQuery as ListStoreOrdersShape,
  STORE_EVENT_OUTCOMES,
  STORE_ORDER_STATUSES,
  STORE_PRODUCT_DEFAULTS,
  STORE_PROVIDERS,
  StoreLimits,
  UpdateStoreConnectionRequest,
  UpdateStoreProductRequest,
  type DurationType,
  type StoreEventOutcome,
  type StoreOrderStatus,
  type StoreProvider,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLimit, ApiPage } from '../../common/admin-response.js';
import { ApiLevel, ApiMaxDevices, ApiOptionalInt } from '../../common/int-field.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/store.ts); these add OpenAPI only.

export class CreateStoreConnectionDto extends CreateStoreConnectionRequest {
  @ApiProperty({ enum: STORE_PROVIDERS })
  declare provider: StoreProvider;

  @ApiProperty({ minLength: 1, maxLength: StoreLimits.nameMax })
  declare name: string;

  @ApiPropertyOptional({
    maxLength: StoreLimits.signingSecretMax,
    description: 'The store’s webhook signing secret; required for every store but generic (Latchkey makes that one)',
  })
  declare signingSecret?: string;
}

export class UpdateStoreConnectionDto extends UpdateStoreConnectionRequest {
  @ApiPropertyOptional({ minLength: 1, maxLength: StoreLimits.nameMax })
  declare name?: string;

  @ApiPropertyOptional({ description: 'false: events are answered 404 until it is on again' })
  declare enabled?: boolean;

  @ApiPropertyOptional({ maxLength: StoreLimits.signingSecretMax, description: 'not for generic: rotate it' })
  declare signingSecret?: string;
}

const EXTERNAL_ID = {
  maxLength: StoreLimits.externalIdMax,
  description: 'The store’s id events name: Stripe Payment Link id or latchkey_product metadata, Paddle price, …',
};
const AMOUNT = {
  type: 'integer' as const,
  nullable: true,
  minimum: 0,
  maximum: StoreLimits.amountMax,
  description: 'Least amount per unit in minor units (cents); null accepts any',
};
const CURRENCY = { nullable: true, example: 'USD', description: 'ISO 4217; null accepts any' };
const RENEWAL_URL = { nullable: true, maxLength: StoreLimits.renewalUrlMax };

export class CreateStoreProductDto extends CreateStoreProductRequest {
  @ApiProperty(EXTERNAL_ID)
  declare externalId: string;

  @ApiProperty({ maxLength: StoreLimits.productNameMax })
  declare name: string;

  @ApiOptionalInt(StoreLimits.keysPerUnitMin, StoreLimits.keysPerUnitMax, STORE_PRODUCT_DEFAULTS.keysPerUnit)
  declare keysPerUnit?: number;

  @ApiLevel(STORE_PRODUCT_DEFAULTS.level)
  declare level?: number;

  @ApiProperty({ enum: DURATION_TYPES })
  declare durationType: DurationType;

  @ApiMaxDevices(STORE_PRODUCT_DEFAULTS.maxDevices)
  declare maxDevices?: number;

  @ApiPropertyOptional(AMOUNT)
  declare expectedAmount?: number | null;

  @ApiPropertyOptional(CURRENCY)
  declare currency?: string | null;

  @ApiPropertyOptional(RENEWAL_URL)
  declare renewalUrl?: string | null;
}

export class UpdateStoreProductDto extends UpdateStoreProductRequest {
  @ApiPropertyOptional(EXTERNAL_ID)
  declare externalId?: string;

  @ApiPropertyOptional({ maxLength: StoreLimits.productNameMax })
  declare name?: string;

  @ApiOptionalInt(StoreLimits.keysPerUnitMin, StoreLimits.keysPerUnitMax)
  declare keysPerUnit?: number;

  @ApiLevel()
  declare level?: number;

  @ApiPropertyOptional({ enum: DURATION_TYPES })
  declare durationType?: DurationType;

  @ApiMaxDevices()
  declare maxDevices?: number;

  @ApiPropertyOptional(AMOUNT)
  declare expectedAmount?: number | null;

  @ApiPropertyOptional(CURRENCY)
  declare currency?: string | null;

  @ApiPropertyOptional(RENEWAL_URL)
  declare renewalUrl?: string | null;
}

const CONNECTION_FILTER = { format: 'uuid' };

export class ListStoreOrdersQuery extends ListStoreOrdersShape {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional({
    maxLength: StoreLimits.searchMax,
    description: 'buyer email, store order id or key: exact or the start of one',
  })
  declare search?: string;

  @ApiPropertyOptional({ enum: STORE_ORDER_STATUSES })
  declare status?: StoreOrderStatus;

  @ApiPropertyOptional(CONNECTION_FILTER)
  declare connectionId?: string;
}

export class ListStoreEventsQuery extends ListStoreEventsShape {
  @ApiPage()
  declare page: number;

  @ApiLimit()
  declare limit: number;

  @ApiPropertyOptional({ enum: STORE_EVENT_OUTCOMES })
  declare outcome?: StoreEventOutcome;

  @ApiPropertyOptional(CONNECTION_FILTER)
  declare connectionId?: string;
}
