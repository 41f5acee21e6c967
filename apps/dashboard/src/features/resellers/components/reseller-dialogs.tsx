import {
  AdjustCreditsRequest,
  CreateResellerRequest,
  ResellerLimits,
  UpdateResellerRequest,
} from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { CheckboxField, TextAreaField, TextField } from '@/components/ui/form-fields';
import { PasswordField } from '@/components/ui/password-field';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useAdjustCredits } from '../api/adjust-credits';
import { useCreateReseller } from '../api/create-reseller';
import { useUpdateReseller } from '../api/update-reseller';
import {
  limitsFormValues,
  limitsOf,
  limitsRules,
  ResellerLimitsFields,
  type ResellerDialogProps,
  type ResellerFormValues,
} from './reseller-limits-fields';

const CREDITS_RANGE = { min: ResellerLimits.creditsMin, max: ResellerLimits.creditsMax } as const;

/**
 * The body's fields that the create form holds as the API takes them, checked with the request shape
 * (the limits, typed the form's own way, are checked by limitsRules).
 */
function createFields({ email, password, credits }: ResellerFormValues): CreateResellerRequest {
  return { email: email.trim(), password, credits };
}

/**
 * Creates a reseller with opening credits and what it may generate (levels, durations, devices; none = any),
 * checked before sending with the API's own rules (the contracts' request shape).
 */
export function CreateResellerDialog({ appId, open, onOpenChange }: CreateDialogProps) {
  const defaults: ResellerFormValues = {
    email: '',
    password: '',
    credits: ResellerLimits.creditsDefault,
    levels: '',
    durations: [],
    maxDevicesLimit: NaN,
    enabled: true,
  };
  const mutation = useCreateReseller(appId);
  const { form, errors, ...submit } = useApiForm<ResellerFormValues>(
    { resolver: shapeResolver(CreateResellerRequest, limitsRules, createFields), defaultValues: defaults },
    async (values, form) => {
      const reseller = await mutation.mutateAsync({ ...createFields(values), ...limitsOf(values) });
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
          {...form.register('email')}
        />
        <PasswordField form={form} name="password" />
        <IntegerField form={form} name="credits" label="Opening credits" {...CREDITS_RANGE} />
      </div>
      <ResellerLimitsFields form={form} />
    </FormDialog>
  );
}

interface AdjustValues {
  amount: number;
  note: string;
}

/** The request the form sends: an empty note is left out, a note trimmed. */
function adjustBody({ amount, note }: AdjustValues): AdjustCreditsRequest {
  return { amount, ...(note.trim() ? { note: note.trim() } : {}) };
}

/**
 * Adds or removes credits with a note, checked before sending with the API's own rules; the API refuses a
 * balance below zero with its message.
 */
export function AdjustCreditsDialog({ appId, reseller, onClose }: ResellerDialogProps) {
  const mutation = useAdjustCredits(appId);
  const { form, errors, ...submit } = useApiForm<AdjustValues>(
    { resolver: shapeResolver(AdjustCreditsRequest, {}, adjustBody), defaultValues: { amount: 10, note: '' } },
    async (values) => {
      const updated = await mutation.mutateAsync({ resellerId: reseller.id, body: adjustBody(values) });
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
      />
      <TextAreaField
        label="Note"
        rows={2}
        hint="Shown in the ledger, e.g. an invoice number."
        error={errors.note?.message}
        {...form.register('note')}
      />
    </FormDialog>
  );
}

/** The edit form's own fields as sent (a blank password keeps it), checked with the request shape. */
function editFields({ enabled, password }: ResellerFormValues): UpdateResellerRequest {
  return { enabled, ...(password ? { password } : {}) };
}

/**
 * Changes what a reseller may sell, whether it may sign in, and optionally
 * its password (blank keeps it; a new one revokes every token of it).
 */
export function EditResellerDialog({ appId, reseller, onClose }: ResellerDialogProps) {
  const mutation = useUpdateReseller(appId);
  const { form, ...submit } = useApiForm<ResellerFormValues>(
    {
      resolver: shapeResolver(UpdateResellerRequest, limitsRules, editFields),
      defaultValues: {
        email: reseller.email,
        password: '',
        credits: reseller.credits,
        enabled: reseller.enabled,
        ...limitsFormValues(reseller),
      },
    },
    async (values) => {
      const body: UpdateResellerRequest = {
        ...limitsOf(values),
        ...(values.enabled !== reseller.enabled ? { enabled: values.enabled } : {}),
        ...(values.password ? { password: values.password } : {}),
      };
      await mutation.mutateAsync({ resellerId: reseller.id, body });
      onClose();
      return `${reseller.email} updated`;
    },
  );

  return (
    <FormDialog
      onClose={onClose}
      title={`Edit ${reseller.email}`}
      description="Changes apply to its next generation."
      wide
      form={submit}
      submitLabel="Save"
      pendingLabel="Saving…"
    >
      <ResellerLimitsFields form={form} />
      <PasswordField
        form={form}
        name="password"
        label="New password"
        hint="Blank keeps it. A new one signs the reseller out everywhere: its sign-ins and personal access tokens are revoked."
      />
      <CheckboxField
        label="May sign in"
        hint="Unchecked disables the reseller: signed out at once; its keys and ledger stay."
        {...form.register('enabled')}
      />
    </FormDialog>
  );
}
