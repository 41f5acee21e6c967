import { ResellerLimits, type Reseller } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { TextAreaField, TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { intInRange } from '@/lib/validation';
import { useAdjustCredits } from '../api/adjust-credits';
import { useCreateReseller } from '../api/create-reseller';
import { limitsOf, ResellerLimitsFields, type ResellerFormValues } from './reseller-limits-fields';

/** Creates a reseller with opening credits and what it may generate (levels, durations, devices; none = any). */
export function CreateResellerDialog({
  appId,
  open,
  onOpenChange,
}: {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const defaults: ResellerFormValues = {
    email: '',
    password: '',
    credits: 0,
    levels: '',
    durations: [],
    maxDevicesLimit: '',
    enabled: true,
  };
  const form = useForm<ResellerFormValues>({ defaultValues: defaults });
  const mutation = useCreateReseller(appId);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const reseller = await mutation.mutateAsync({
        email: values.email.trim(),
        password: values.password,
        credits: values.credits,
        ...limitsOf(values),
      });
      toast.success(`Reseller ${reseller.email} created`);
      onOpenChange(false);
      form.reset(defaults);
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New reseller"
      description="A reseller signs in with this email and password and generates keys for credits: one key, one credit."
      wide
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
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
              validate: (value) =>
                (value.length >= ResellerLimits.passwordMin && value.length <= ResellerLimits.passwordMax) ||
                `password must be ${ResellerLimits.passwordMin}-${ResellerLimits.passwordMax} characters`,
            })}
          />
          <TextField
            label="Opening credits"
            type="number"
            inputMode="numeric"
            error={errors.credits?.message}
            {...form.register('credits', {
              valueAsNumber: true,
              validate: intInRange('credits', 0, ResellerLimits.creditsMax),
            })}
          />
        </div>
        <ResellerLimitsFields form={form} />
        <FormDialogButtons submitting={isSubmitting} label="Create reseller" pendingLabel="Creating…" />
      </form>
    </Dialog>
  );
}

/** Adds or removes credits with a note; the API refuses a balance below zero with its message. */
export function AdjustCreditsDialog({
  appId,
  reseller,
  onClose,
}: {
  appId: string;
  reseller: Reseller;
  onClose: () => void;
}) {
  const form = useForm<{ amount: number; note: string }>({ defaultValues: { amount: 10, note: '' } });
  const mutation = useAdjustCredits(appId);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ amount, note }) => {
    try {
      const updated = await mutation.mutateAsync({
        resellerId: reseller.id,
        body: { amount, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      toast.success(`${reseller.email} now has ${updated.credits} credits`);
      onClose();
    } catch (error) {
      applyApiError(form, error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Credits of ${reseller.email}`}
      description={`Balance ${reseller.credits}. A negative amount takes credits away.`}
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <TextField
          label="Amount"
          type="number"
          inputMode="numeric"
          error={errors.amount?.message}
          {...form.register('amount', {
            valueAsNumber: true,
            validate: (value) =>
              (Number.isInteger(value) &&
                value !== 0 &&
                value >= ResellerLimits.amountMin &&
                value <= ResellerLimits.amountMax) ||
              `amount must be a non-zero integer from ${ResellerLimits.amountMin} to ${ResellerLimits.amountMax}`,
          })}
        />
        <TextAreaField
          label="Note"
          rows={2}
          hint="Shown in the ledger, e.g. an invoice number."
          error={errors.note?.message}
          {...form.register('note', {
            maxLength: { value: ResellerLimits.noteMax, message: 'note must be at most 500 characters' },
          })}
        />
        <FormDialogButtons submitting={isSubmitting} label="Apply" pendingLabel="Applying…" />
      </form>
    </Dialog>
  );
}
