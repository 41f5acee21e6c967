import { DURATION_TYPES, LicenseLimits, type DurationType, type Reseller } from '@latchkey/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import type { FormOnlyRules } from '@/lib/shape-resolver';
import { blankOr, intInRange } from '@/lib/validation';
import '../resellers.css';

/** The fields of the reseller forms (create and edit); each form uses the ones it shows. */

export interface ResellerFormValues {
  email: string;
  password: string;
  credits: number;
  /** "any", or levels separated by commas */
  levels: string;
  durations: DurationType[];
  /** NaN (left blank) for any, else the most devices a key may allow */
  maxDevicesLimit: number;
  enabled: boolean;
}

/** The props of a dialog about one reseller (edit, adjust credits). */
export interface ResellerDialogProps {
  appId: string;
  reseller: Reseller;
  onClose: () => void;
}

type Limits = Pick<Reseller, 'allowedLevels' | 'allowedDurations' | 'maxDevicesLimit'>;

const MAX_DEVICES_MESSAGE = `maxDevicesLimit must be blank (any) or an integer from ${LicenseLimits.maxDevicesMin} to ${LicenseLimits.maxDevicesMax}`;

/** "1, 3,5" → [1, 3, 5]; blank or "any" → null (any level); anything else → an error message. */
function parseLevels(text: string): number[] | null | string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'any') return null;
  const levels = trimmed.split(',').map((part) => Number(part.trim()));
  const valid = levels.every(
    (level) => Number.isInteger(level) && level >= LicenseLimits.levelMin && level <= LicenseLimits.levelMax,
  );
  return valid ? levels : `allowedLevels must be integers from ${LicenseLimits.levelMin} to ${LicenseLimits.levelMax}`;
}

/**
 * The limit fields' own rules: the form types the limits its own way (levels
 * as a comma list, blank for any), so they keep rules and words of their own,
 * run beside the request shape's (shapeResolver's form-only rules).
 */
export const limitsRules: FormOnlyRules<ResellerFormValues> = {
  levels: (value) => {
    const parsed = parseLevels(value);
    return typeof parsed === 'string' ? parsed : true;
  },
  maxDevicesLimit: blankOr(
    intInRange('maxDevicesLimit', LicenseLimits.maxDevicesMin, LicenseLimits.maxDevicesMax, MAX_DEVICES_MESSAGE),
  ),
};

/** What the form's limit fields send (they are validated before). */
export function limitsOf(values: ResellerFormValues): Limits {
  return {
    allowedLevels: parseLevels(values.levels) as number[] | null,
    allowedDurations: values.durations.length > 0 ? values.durations : null,
    maxDevicesLimit: Number.isNaN(values.maxDevicesLimit) ? null : values.maxDevicesLimit,
  };
}

/** The limit fields' values for a reseller's current limits. */
export function limitsFormValues(
  reseller: Limits,
): Pick<ResellerFormValues, 'levels' | 'durations' | 'maxDevicesLimit'> {
  return {
    levels: reseller.allowedLevels?.join(', ') ?? '',
    durations: reseller.allowedDurations ?? [],
    maxDevicesLimit: reseller.maxDevicesLimit ?? NaN,
  };
}

/** "levels 1, 2 · durations any · up to 3 devices": what a reseller may sell, in words. */
export function describeLimits(limits: Limits): string {
  const devices = limits.maxDevicesLimit === null ? 'any' : `up to ${limits.maxDevicesLimit}`;
  return `levels ${limits.allowedLevels?.join(', ') ?? 'any'} · durations ${limits.allowedDurations?.join(', ') ?? 'any'} · devices per key ${devices}`;
}

/** What a reseller may sell: levels, durations (none checked: any) and devices per key (blank: any). */
export function ResellerLimitsFields({ form }: { form: UseFormReturn<ResellerFormValues> }) {
  const { errors } = form.formState;
  return (
    <>
      <div className="form-grid">
        <TextField
          label="Allowed levels"
          placeholder="any"
          hint="Blank for any, or levels separated by commas, e.g. 1, 2"
          error={errors.levels?.message}
          {...form.register('levels')}
        />
        <IntegerField
          form={form}
          name="maxDevicesLimit"
          label="Max devices per key"
          placeholder="any"
          min={LicenseLimits.maxDevicesMin}
          max={LicenseLimits.maxDevicesMax}
          hint={`Blank for any up to ${LicenseLimits.maxDevicesMax}`}
        />
      </div>
      <fieldset className="checkbox-inline">
        <legend>Allowed durations (none checked: any)</legend>
        {DURATION_TYPES.map((duration) => (
          <label key={duration} className="checkbox-row">
            <input type="checkbox" value={duration} {...form.register('durations')} />
            <span>{duration}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
