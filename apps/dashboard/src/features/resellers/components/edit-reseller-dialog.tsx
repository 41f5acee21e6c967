import type { UpdateResellerRequest } from '@latchkey/contracts';
import { FormDialog } from '@/components/ui/form-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { useUpdateReseller } from '../api/update-reseller';
import {
  limitsFormValues,
  limitsOf,
  resellerPasswordLength,
  ResellerLimitsFields,
  type ResellerDialogProps,
  type ResellerFormValues,
} from './reseller-limits-fields';

/**
 * Changes what a reseller may sell, whether it may sign in, and optionally
 * its password (blank keeps it; a new one revokes every token of it).
 */
export function EditResellerDialog({ appId, reseller, onClose }: ResellerDialogProps) {
  const mutation = useUpdateReseller(appId);
  const { form, errors, ...submit } = useApiForm<ResellerFormValues>(
    {
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
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="Blank keeps it. A new one signs the reseller out everywhere: its sign-ins and personal access tokens are revoked."
        error={errors.password?.message}
        {...form.register('password', {
          validate: (value) => value === '' || resellerPasswordLength(value),
        })}
      />
      <CheckboxField
        label="May sign in"
        hint="Unchecked disables the reseller: signed out at once; its keys and ledger stay."
        {...form.register('enabled')}
      />
    </FormDialog>
  );
}
