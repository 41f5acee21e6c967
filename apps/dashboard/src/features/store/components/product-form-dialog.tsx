import {
  CreateStoreProductRequest,
  DURATION_TYPES,
  STORE_PRODUCT_DEFAULTS,
  StoreLimits,
  UpdateStoreProductRequest,
  type DurationType,
  type StoreProduct,
  type StoreProvider,
} from '@latchkey/contracts';
import { DURATION_LABELS } from '@/components/domain/license-duration';
import { LevelField, MaxDevicesField } from '@/components/domain/license-fields';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useCreateStoreProduct, useUpdateStoreProduct } from '../api/store-products';
import { fromMinorUnits, toMinorUnits } from '../utils/amount';
import { PRODUCT_ID_HINTS, PRODUCT_ID_PLACEHOLDERS } from '../utils/store-words';

interface ProductValues {
  externalId: string;
  name: string;
  keysPerUnit: number;
  level: number;
  durationType: DurationType;
  maxDevices: number;
  /** in the currency's units, as typed ("9.99") */
  expectedAmount: string;
  currency: string;
  renewalUrl: string;
}

/** The body sent: text trimmed, the amount in minor units, blanks as null. */
function toBody(values: ProductValues) {
  const currency = values.currency.trim().toUpperCase() || null;
  return {
    externalId: values.externalId.trim(),
    name: values.name.trim(),
    keysPerUnit: values.keysPerUnit,
    level: values.level,
    durationType: values.durationType,
    maxDevices: values.maxDevices,
    expectedAmount: toMinorUnits(values.expectedAmount, currency),
    currency,
    renewalUrl: values.renewalUrl.trim() || null,
  };
}

function initialValues(product: StoreProduct | undefined): ProductValues {
  return {
    externalId: product?.externalId ?? '',
    name: product?.name ?? '',
    keysPerUnit: product?.keysPerUnit ?? STORE_PRODUCT_DEFAULTS.keysPerUnit,
    level: product?.level ?? STORE_PRODUCT_DEFAULTS.level,
    durationType: (product?.durationType as DurationType | undefined) ?? '30d',
    maxDevices: product?.maxDevices ?? STORE_PRODUCT_DEFAULTS.maxDevices,
    expectedAmount: product ? fromMinorUnits(product.expectedAmount, product.currency) : '',
    currency: product?.currency ?? '',
    renewalUrl: product?.renewalUrl ?? '',
  };
}

/** The form's own words for an amount the shape would call "not an integer" (it sees minor units). */
const FORM_RULES = {
  expectedAmount: (text: string, values: ProductValues) => {
    const amount = toMinorUnits(text, values.currency.trim() || null);
    if (Number.isNaN(amount)) return 'Type an amount such as 9.99, with no more decimals than the currency has';
    if (amount !== null && !values.currency.trim()) return 'Give the currency of the amount';
    return true as const;
  },
};

/**
 * Maps a store product (or edits a mapping): the store's id the events name,
 * what one unit yields (keys, level, duration, devices), the least amount
 * accepted and where the buyer renews. The store decides which id is pasted.
 */
export function ProductFormDialog({
  appId,
  connectionId,
  provider,
  product,
  open,
  onOpenChange,
}: {
  appId: string;
  connectionId: string;
  provider: StoreProvider;
  product?: StoreProduct;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const editing = product !== undefined;
  const createMutation = useCreateStoreProduct(appId, connectionId);
  const updateMutation = useUpdateStoreProduct(appId);
  const { form, errors, ...submit } = useApiForm<ProductValues>(
    {
      resolver: shapeResolver<ProductValues>(
        editing ? UpdateStoreProductRequest : CreateStoreProductRequest,
        FORM_RULES,
        toBody,
      ),
      values: initialValues(product),
    },
    async (values, form) => {
      const body = toBody(values);
      if (editing) await updateMutation.mutateAsync({ productId: product.id, ...body });
      else await createMutation.mutateAsync(body);
      onOpenChange(false);
      form.reset();
      return editing ? `${body.name} saved` : `${body.name} mapped`;
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title={editing ? `Edit ${product.name}` : 'Map a product'}
      description="What one unit bought in the store yields. A purchase of a product with no mapping is refused and listed under Received events."
      wide
      form={submit}
      submitLabel={editing ? 'Save' : 'Map product'}
      pendingLabel="Saving…"
    >
      <div className="form-grid">
        <TextField
          label="Store product ID"
          autoComplete="off"
          spellCheck={false}
          maxLength={StoreLimits.externalIdMax}
          placeholder={PRODUCT_ID_PLACEHOLDERS[provider]}
          hint={PRODUCT_ID_HINTS[provider]}
          error={errors.externalId?.message}
          {...form.register('externalId')}
        />
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={StoreLimits.productNameMax}
          placeholder="e.g. Pro, monthly"
          hint="Shown in orders, the buyer’s email and order page."
          error={errors.name?.message}
          {...form.register('name')}
        />
        <IntegerField
          form={form}
          name="keysPerUnit"
          label="Keys per unit"
          min={StoreLimits.keysPerUnitMin}
          max={StoreLimits.keysPerUnitMax}
          hint="A quantity of 3 makes three times as many."
        />
        <SelectField
          label="Duration"
          options={DURATION_TYPES.map((value) => ({ value, label: DURATION_LABELS[value] }))}
          hint="Counted from the key’s first use; a subscription’s renewal extends it."
          error={errors.durationType?.message}
          {...form.register('durationType')}
        />
        <LevelField form={form} />
        <MaxDevicesField form={form} />
        <TextField
          label="Least amount per unit (optional)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="9.99"
          hint="A purchase paid below it, or in another currency, is refused. Empty accepts any amount."
          error={errors.expectedAmount?.message}
          {...form.register('expectedAmount')}
        />
        <TextField
          label="Currency"
          autoComplete="off"
          spellCheck={false}
          maxLength={3}
          placeholder="USD"
          hint="Three letters (ISO 4217), with an amount."
          error={errors.currency?.message}
          {...form.register('currency')}
        />
      </div>
      <TextField
        label="Renewal URL (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={StoreLimits.renewalUrlMax}
        placeholder="https://shop.example.com/pro"
        hint="Where a buyer renews or buys again: shown on the order page."
        error={errors.renewalUrl?.message}
        {...form.register('renewalUrl')}
      />
    </FormDialog>
  );
}
