import { ClientLimits, LATEST_EXPIRY, LicenseLimits, type AdminUser } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { intInRange } from '@/lib/validation';
import { useBanUser } from '../api/ban-user';
import { useExtendUser } from '../api/extend-user';
import { useCreateUser } from '../api/create-user';

/** The API's limit for `extend` (contract: days 1-36500). */
const EXTEND_DAYS_MAX = 36_500;

interface CreateValues {
  username: string;
  password: string;
  level: number;
  maxDevices: number;
  lifetime: boolean;
  /** a date (YYYY-MM-DD), the end of which is the expiry in the viewer's time zone */
  expiresOn: string;
}

/** Creates a user with a password, without a license key. */
export function CreateUserDialog({
  appId,
  open,
  onOpenChange,
}: {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const defaults: CreateValues = { username: '', password: '', level: 1, maxDevices: 1, lifetime: true, expiresOn: '' };
  const form = useForm<CreateValues>({ defaultValues: defaults });
  const mutation = useCreateUser(appId);
  const { errors, isSubmitting } = form.formState;
  const lifetime = form.watch('lifetime');

  const submit = form.handleSubmit(async ({ lifetime: forever, expiresOn, ...values }) => {
    try {
      const user = await mutation.mutateAsync({
        ...values,
        expiresAt: forever ? null : new Date(`${expiresOn}T23:59:59`).toISOString(),
      });
      toast.success(`User ${user.username} created`);
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
      title="New user"
      description="A user who logs in with a password, without a key."
      wide
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <div className="form-grid">
          <TextField
            label="Username"
            autoComplete="off"
            error={errors.username?.message}
            {...form.register('username', {
              pattern: {
                value: ClientLimits.usernamePattern,
                message: 'username must be 3-32 characters of A-Z, a-z, 0-9, _ . -',
              },
            })}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password', {
              validate: (value) =>
                (value.length >= ClientLimits.passwordMin && value.length <= ClientLimits.passwordMax) ||
                `password must be ${ClientLimits.passwordMin}-${ClientLimits.passwordMax} characters`,
            })}
          />
          <TextField
            label="Level"
            type="number"
            inputMode="numeric"
            error={errors.level?.message}
            {...form.register('level', {
              valueAsNumber: true,
              validate: intInRange('level', LicenseLimits.levelMin, LicenseLimits.levelMax),
            })}
          />
          <TextField
            label="Max devices"
            type="number"
            inputMode="numeric"
            error={errors.maxDevices?.message}
            {...form.register('maxDevices', {
              valueAsNumber: true,
              validate: intInRange('maxDevices', LicenseLimits.maxDevicesMin, LicenseLimits.maxDevicesMax),
            })}
          />
        </div>
        <CheckboxField label="Lifetime (never expires)" {...form.register('lifetime')} />
        {lifetime ? null : (
          <TextField
            label="Expires on"
            type="date"
            max={LATEST_EXPIRY.slice(0, 10)}
            hint="At the end of this day, your time."
            error={errors.expiresOn?.message}
            {...form.register('expiresOn', {
              validate: {
                future: (value, all) =>
                  all.lifetime ||
                  (value !== '' && new Date(`${value}T23:59:59`).getTime() > Date.now()) ||
                  'expiresAt must be in the future',
                // The API's bound, in its words (the end of its last day in a zone west of UTC passes it).
                latest: (value, all) =>
                  all.lifetime ||
                  new Date(`${value}T23:59:59`).getTime() <= Date.parse(LATEST_EXPIRY) ||
                  `expiresAt must be at most ${LATEST_EXPIRY}`,
              },
            })}
          />
        )}
        <FormDialogButtons submitting={isSubmitting} label="Create user" pendingLabel="Creating…" />
      </form>
    </Dialog>
  );
}

interface UserDialogProps {
  appId: string;
  user: AdminUser;
  onClose: () => void;
}

/** Bans a user with an optional reason; their sessions end at once. */
export function BanUserDialog({ appId, user, onClose }: UserDialogProps) {
  const mutation = useBanUser(appId);
  return (
    <ReasonDialog
      title={`Ban ${user.username}?`}
      description="They are refused from now on and their open sessions end. You can unban them later."
      hint="Optional; sent with the user.ban webhook."
      label="Ban user"
      pendingLabel="Banning…"
      onClose={onClose}
      onSubmit={async (reason) => {
        await mutation.mutateAsync({ userId: user.userId, reason });
        toast.success(`${user.username} banned`);
      }}
    />
  );
}

/** Adds days to max(now, expiry); a lifetime user stays lifetime. */
export function ExtendUserDialog({ appId, user, onClose }: UserDialogProps) {
  const form = useForm<{ days: number }>({ defaultValues: { days: 30 } });
  const mutation = useExtendUser(appId);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ days }) => {
    try {
      await mutation.mutateAsync({ userId: user.userId, days });
      toast.success(`${user.username} extended by ${days} ${days === 1 ? 'day' : 'days'}`);
      onClose();
    } catch (error) {
      applyApiError(form, error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Extend ${user.username}`}
      description={
        user.expiresAt
          ? 'Days are added to the later of now and the current expiry.'
          : 'This user never expires; extending changes nothing.'
      }
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <TextField
          label="Days"
          type="number"
          inputMode="numeric"
          error={errors.days?.message}
          {...form.register('days', { valueAsNumber: true, validate: intInRange('days', 1, EXTEND_DAYS_MAX) })}
        />
        <FormDialogButtons submitting={isSubmitting} label="Extend" pendingLabel="Extending…" />
      </form>
    </Dialog>
  );
}
