import { ResellerLimits, type Reseller, type UpdateResellerRequest } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { useUpdateReseller } from '../api/update-reseller';
import { limitsFormValues, limitsOf, ResellerLimitsFields, type ResellerFormValues } from './reseller-limits-fields';

/**
 * Changes what a reseller may sell, whether it may sign in, and optionally
 * its password (blank keeps it; a new one revokes every token of it).
 */
export function EditResellerDialog({
  appId,
  reseller,
  onClose,
}: {
  appId: string;
  reseller: Reseller;
  onClose: () => void;
}) {
  const form = useForm<ResellerFormValues>({
    defaultValues: {
      email: reseller.email,
      password: '',
      credits: reseller.credits,
      enabled: reseller.enabled,
      ...limitsFormValues(reseller),
    },
  });
  const mutation = useUpdateReseller(appId);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const body: UpdateResellerRequest = {
      ...limitsOf(values),
      ...(values.enabled !== reseller.enabled ? { enabled: values.enabled } : {}),
      ...(values.password ? { password: values.password } : {}),
    };
    try {
      await mutation.mutateAsync({ resellerId: reseller.id, body });
      toast.success(`${reseller.email} updated`);
      onClose();
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${reseller.email}`}
      description="Changes apply to its next generation."
      wide
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <ResellerLimitsFields form={form} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="Blank keeps it. A new one signs the reseller out everywhere: its sign-ins and personal access tokens are revoked."
          error={errors.password?.message}
          {...form.register('password', {
            validate: (value) =>
              value === '' ||
              (value.length >= ResellerLimits.passwordMin && value.length <= ResellerLimits.passwordMax) ||
              `password must be ${ResellerLimits.passwordMin}-${ResellerLimits.passwordMax} characters`,
          })}
        />
        <CheckboxField
          label="May sign in"
          hint="Unchecked disables the reseller: signed out at once; its keys and ledger stay."
          {...form.register('enabled')}
        />
        <FormDialogButtons submitting={isSubmitting} label="Save" pendingLabel="Saving…" />
      </form>
    </Dialog>
  );
}
