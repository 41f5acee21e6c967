import { FieldMessage, ResellerLimits } from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { TextAreaField, TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { intInRange } from '@/lib/validation';
import { useAdjustCredits } from '../api/adjust-credits';
import { useCreateReseller } from '../api/create-reseller';
import {
  limitsOf,
  resellerPasswordLength,
  ResellerLimitsFields,
  type ResellerDialogProps,
  type ResellerFormValues,
} from './reseller-limits-fields';

const CREDITS_RANGE = { min: ResellerLimits.creditsMin, max: ResellerLimits.creditsMax } as const;

/** Creates a reseller with opening credits and what it may generate (levels, durations, devices; none = any). */
export function CreateResellerDialog({ appId, open, onOpenChange }: CreateDialogProps) {
  const defaults: ResellerFormValues = {
    email: '',
    password: '',
    credits: 0,
    levels: '',
    durations: [],
    maxDevicesLimit: NaN,
    enabled: true,
  };
  const mutation = useCreateReseller(appId);
  const { form, errors, ...submit } = useApiForm<ResellerFormValues>(
    { defaultValues: defaults },
    async (values, form) => {
      const reseller = await mutation.mutateAsync({
        email: values.email.trim(),
        password: values.password,
        credits: values.credits,
        ...limitsOf(values),
      });
      onOpenChange(false);
      form.reset(defaults);
      return `Reseller ${reseller.email} created`;
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New reseller"
      description="A reseller signs in with this email and password and generates keys for credits: one key, one credit."
      wide
      form={submit}
      submitLabel="Create reseller"
      pendingLabel="Creating…"
    >
      <div className="form-grid">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email', {
            validate: (value) => /^[^\s@]+@[^\s@]+$/.test(value.trim()) || 'email must be an email address',
          })}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password', {
            validate: resellerPasswordLength,
          })}
        />
        <IntegerField form={form} name="credits" label="Opening credits" {...CREDITS_RANGE} />
      </div>
      <ResellerLimitsFields form={form} />
    </FormDialog>
  );
}

const AMOUNT_MESSAGE = `amount must be a non-zero integer from ${ResellerLimits.amountMin} to ${ResellerLimits.amountMax}`;
const amountInRange = intInRange('amount', ResellerLimits.amountMin, ResellerLimits.amountMax, AMOUNT_MESSAGE);

/** Adds or removes credits with a note; the API refuses a balance below zero with its message. */
export function AdjustCreditsDialog({ appId, reseller, onClose }: ResellerDialogProps) {
  const mutation = useAdjustCredits(appId);
  const { form, errors, ...submit } = useApiForm<{ amount: number; note: string }>(
    { defaultValues: { amount: 10, note: '' } },
    async ({ amount, note }) => {
      const updated = await mutation.mutateAsync({
        resellerId: reseller.id,
        body: { amount, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      onClose();
      return `${reseller.email} now has ${updated.credits} credits`;
    },
  );
  return (
    <FormDialog
      onClose={onClose}
      title={`Credits of ${reseller.email}`}
      description={`Balance ${reseller.credits}. A negative amount takes credits away.`}
      form={submit}
      submitLabel="Apply"
      pendingLabel="Applying…"
    >
      <IntegerField
        form={form}
        name="amount"
        label="Amount"
        min={ResellerLimits.amountMin}
        max={ResellerLimits.amountMax}
        validate={(value) => (value === 0 ? AMOUNT_MESSAGE : amountInRange(value))}
      />
      <TextAreaField
        label="Note"
        rows={2}
        hint="Shown in the ledger, e.g. an invoice number."
        error={errors.note?.message}
        {...form.register('note', {
          maxLength: { value: ResellerLimits.noteMax, message: FieldMessage.atMost('note', ResellerLimits.noteMax) },
        })}
      />
    </FormDialog>
  );
}
