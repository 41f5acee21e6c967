// The level and device-limit inputs of a key or a user, in the API's ranges
// (LicenseLimits): one pair for creating a user, editing a key and generating keys.
import { LicenseLimits } from '@latchkey/contracts';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { IntegerField } from '@/components/ui/integer-field';

export function LevelField<T extends FieldValues & { level: number }>({ form }: { form: UseFormReturn<T> }) {
  return (
    <IntegerField
      form={form}
      name={'level' as Path<T>}
      label="Level"
      min={LicenseLimits.levelMin}
      max={LicenseLimits.levelMax}
    />
  );
}

/** `max` and `hint` narrow it further (a reseller's own limit). */
export function MaxDevicesField<T extends FieldValues & { maxDevices: number }>({
  form,
  max = LicenseLimits.maxDevicesMax,
  hint,
}: {
  form: UseFormReturn<T>;
  max?: number;
  hint?: string | undefined;
}) {
  return (
    <IntegerField
      form={form}
      name={'maxDevices' as Path<T>}
      label="Max devices"
      min={LicenseLimits.maxDevicesMin}
      max={max}
      hint={hint}
    />
  );
}
