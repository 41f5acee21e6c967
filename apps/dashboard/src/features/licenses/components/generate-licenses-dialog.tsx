import {
  DURATION_TYPES,
  GenerateLicensesRequest,
  LicenseLimits,
  type DurationType,
  type License,
} from '@latchkey/contracts';
import { useState } from 'react';
import { DURATION_LABELS } from '@/components/domain/duration-labels';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { LevelField, MaxDevicesField } from '@/components/domain/license-fields';
import { useApiForm } from '@/lib/api-form';
import { saveBlob, toCsv } from '@/lib/csv';
import { shapeResolver } from '@/lib/shape-resolver';
import { intInRange } from '@/lib/validation';
import { useGenerateLicenses } from '../api/generate-licenses';
import '../licenses.css';

interface GenerateValues {
  count: number;
  durationType: DurationType;
  level: number;
  maxDevices: number;
  prefix: string;
  note: string;
}

const DEFAULTS: GenerateValues = {
  count: LicenseLimits.countDefault,
  durationType: '30d',
  level: LicenseLimits.levelDefault,
  maxDevices: LicenseLimits.maxDevicesDefault,
  prefix: '',
  note: '',
};

/** The request the form sends: an empty prefix or note is left out, a note trimmed. */
function generateBody({ prefix, note, ...values }: GenerateValues): GenerateLicensesRequest {
  return { ...values, ...(prefix ? { prefix } : {}), ...(note.trim() ? { note: note.trim() } : {}) };
}

/**
 * Generates keys, checked before sending with the API's own rules (the
 * contracts' request shape) and a reseller's own limits; then shows the new
 * keys once, with "Copy all" and a CSV download.
 */
export function GenerateLicensesDialog({
  appId,
  open,
  onOpenChange,
  reseller,
}: CreateDialogProps & {
  /** for a reseller: its balance and what it may generate; each key costs one credit */
  reseller?: {
    credits: number;
    allowedLevels: number[] | null;
    allowedDurations: DurationType[] | null;
    maxDevicesLimit: number | null;
  };
}) {
  const maxDevicesMax = reseller?.maxDevicesLimit ?? LicenseLimits.maxDevicesMax;
  const defaults: GenerateValues = {
    ...DEFAULTS,
    level: reseller?.allowedLevels?.[0] ?? DEFAULTS.level,
    durationType:
      reseller?.allowedDurations && !reseller.allowedDurations.includes(DEFAULTS.durationType)
        ? reseller.allowedDurations[0]!
        : DEFAULTS.durationType,
  };
  const mutation = useGenerateLicenses(appId);
  const [generated, setGenerated] = useState<License[] | null>(null);
  const { form, errors, ...submit } = useApiForm<GenerateValues>(
    {
      resolver: shapeResolver<GenerateValues>(
        GenerateLicensesRequest,
        // A reseller's device limit narrows the API's range; the API refuses more than it too.
        reseller?.maxDevicesLimit
          ? { maxDevices: intInRange('maxDevices', LicenseLimits.maxDevicesMin, maxDevicesMax) }
          : {},
        generateBody,
      ),
      defaultValues: defaults,
    },
    async (values) => {
      const licenses = await mutation.mutateAsync(generateBody(values));
      setGenerated(licenses);
      return licenses.length === 1 ? '1 key generated' : `${licenses.length} keys generated`;
    },
  );
  const count = form.watch('count');

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setGenerated(null);
      form.reset(defaults);
    }
  };

  if (generated) {
    const keys = generated.map((license) => license.key).join('\n');
    return (
      <Dialog open={open} onOpenChange={close} title="New keys" description="Hand these to your customers." wide>
        <div className="stack">
          <textarea
            className="mono generated-keys"
            readOnly
            rows={Math.min(10, generated.length)}
            value={keys}
            aria-label="Generated keys"
          />
          <DialogFooter>
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                saveBlob(
                  new Blob(
                    [
                      toCsv(
                        ['key', 'durationType', 'level', 'maxDevices', 'note'],
                        generated.map((l) => [l.key, l.durationType, l.level, l.maxDevices, l.note]),
                      ),
                    ],
                    { type: 'text/csv' },
                  ),
                  'new-keys.csv',
                )
              }
            >
              Download CSV
            </button>
            <CopyButton value={keys} label="Copy all" copiedMessage="Keys copied" />
            <DialogClose>
              <button type="button" className="button button-primary">
                Done
              </button>
            </DialogClose>
          </DialogFooter>
        </div>
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Generate keys"
      description="Keys start UNUSED; the duration counts from first use."
      wide
      form={submit}
      submitLabel="Generate"
      pendingLabel="Generating…"
    >
      <div className="form-grid">
        <IntegerField
          form={form}
          name="count"
          label="Count"
          min={LicenseLimits.countMin}
          max={LicenseLimits.countMax}
        />
        <SelectField
          label="Duration"
          options={(reseller?.allowedDurations ?? DURATION_TYPES).map((value) => ({
            value,
            label: DURATION_LABELS[value],
          }))}
          error={errors.durationType?.message}
          {...form.register('durationType')}
        />
        {reseller?.allowedLevels ? (
          <SelectField
            label="Level"
            hint="The levels you may sell."
            options={reseller.allowedLevels.map((level) => ({ value: String(level), label: String(level) }))}
            error={errors.level?.message}
            {...form.register('level', { valueAsNumber: true })}
          />
        ) : (
          <LevelField form={form} />
        )}
        <MaxDevicesField
          form={form}
          max={maxDevicesMax}
          hint={reseller?.maxDevicesLimit ? `Up to ${reseller.maxDevicesLimit}: your limit.` : undefined}
        />
      </div>
      <TextField
        label="Prefix"
        autoComplete="off"
        className="mono"
        hint={`Optional: 1-${LicenseLimits.prefixMax} letters or digits, e.g. PRO makes PRO-XXXXX-XXXXX-XXXXX`}
        error={errors.prefix?.message}
        {...form.register('prefix')}
      />
      <TextAreaField
        label="Note"
        rows={2}
        hint={`Optional, up to ${LicenseLimits.noteMax} characters; searchable.`}
        error={errors.note?.message}
        {...form.register('note')}
      />
      {reseller ? (
        <p className="cost-line" role="status">
          Costs {Number.isInteger(count) && count > 0 ? count : 0} {count === 1 ? 'credit' : 'credits'}; you have{' '}
          {reseller.credits}.
        </p>
      ) : null}
    </FormDialog>
  );
}
