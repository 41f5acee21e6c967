import {
  BanUserRequest,
  CreateUserRequest,
  ExtendUserRequest,
  LATEST_EXPIRY,
  LATEST_EXPIRY_MS,
  LicenseLimits,
  UserLimits,
  type AdminUser,
} from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { IntegerField } from '@/components/ui/integer-field';
import { LevelField, MaxDevicesField } from '@/components/domain/license-fields';
import { BanDialog, PUBLIC_REASON_HINT } from '@/components/ui/reason-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { PasswordField } from '@/components/ui/password-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useBanUser } from '../api/ban-user';
import { useExtendUser } from '../api/extend-user';
import { useCreateUser } from '../api/create-user';

interface CreateValues {
  username: string;
  password: string;
  level: number;
  maxDevices: number;
  lifetime: boolean;
  /** a date (YYYY-MM-DD), the end of which is the expiry in the viewer's time zone */
  expiresOn: string;
}

/** The end of `day` (YYYY-MM-DD) in the viewer's time zone, as the API's timestamp; undefined for no date. */
function endOfDay(day: string): string | undefined {
  const end = new Date(`${day}T23:59:59`);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}

/** The request the form sends: a lifetime user has no expiry. */
function createBody({ lifetime, expiresOn, ...values }: CreateValues): CreateUserRequest {
  return { ...values, expiresAt: lifetime ? null : endOfDay(expiresOn) };
}

/** The expiry day's own rules (the API words them for `expiresAt`, which the form sends instead). */
function expiresOnRule(value: string, { lifetime }: CreateValues): true | string {
  if (lifetime) return true;
  const end = new Date(`${value}T23:59:59`).getTime();
  if (value === '' || !(end > Date.now())) return 'expiresAt must be in the future';
  // The API's bound, in its words (the end of its last day in a zone west of UTC passes it).
  return end <= LATEST_EXPIRY_MS || `expiresAt must be at most ${LATEST_EXPIRY}`;
}

/**
 * Creates a user with a password, without a license key; checked before
 * sending with the API's own rules (the contracts' request shape).
 */
export function CreateUserDialog({ appId, open, onOpenChange }: CreateDialogProps) {
  const defaults: CreateValues = {
    username: '',
    password: '',
    level: LicenseLimits.levelDefault,
    maxDevices: LicenseLimits.maxDevicesDefault,
    lifetime: true,
    expiresOn: '',
  };
  const mutation = useCreateUser(appId);
  const { form, errors, ...submit } = useApiForm<CreateValues>(
    {
      resolver: shapeResolver<CreateValues>(CreateUserRequest, { expiresOn: expiresOnRule }, createBody),
      defaultValues: defaults,
    },
    async (values, form) => {
      const user = await mutation.mutateAsync(createBody(values));
      onOpenChange(false);
      form.reset(defaults);
      return `User ${user.username} created`;
    },
  );
  const lifetime = form.watch('lifetime');

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New user"
      description="A user who logs in with a password, without a key."
      wide
      form={submit}
      submitLabel="Create user"
      pendingLabel="Creating…"
    >
      <div className="form-grid">
        <TextField
          label="Username"
          autoComplete="off"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordField form={form} name="password" />
        <LevelField form={form} />
        <MaxDevicesField form={form} />
      </div>
      <CheckboxField label="Lifetime (never expires)" {...form.register('lifetime')} />
      {lifetime ? null : (
        <TextField
          label="Expires on"
          type="date"
          max={LATEST_EXPIRY.slice(0, 10)}
          hint="At the end of this day, your time."
          error={errors.expiresOn?.message}
          {...form.register('expiresOn')}
        />
      )}
    </FormDialog>
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
    <BanDialog
      name={user.username}
      description="They are refused from now on and their open sessions end. You can unban them later."
      hint="Optional; sent with the user.ban webhook."
      publicHint={PUBLIC_REASON_HINT}
      shape={BanUserRequest}
      label="Ban user"
      onClose={onClose}
      onBan={async (reason, publicReason) => {
        await mutation.mutateAsync({ userId: user.userId, reason, publicReason });
        return `${user.username} banned`;
      }}
    />
  );
}

/** Adds days to max(now, expiry); a lifetime user stays lifetime. Checked with the API's own rules. */
export function ExtendUserDialog({ appId, user, onClose }: UserDialogProps) {
  const mutation = useExtendUser(appId);
  const { form, ...submit } = useApiForm<{ days: number }>(
    { resolver: shapeResolver(ExtendUserRequest), defaultValues: { days: 30 } },
    async ({ days }) => {
      await mutation.mutateAsync({ userId: user.userId, days });
      onClose();
      return `${user.username} extended by ${days} ${days === 1 ? 'day' : 'days'}`;
    },
  );
  return (
    <FormDialog
      onClose={onClose}
      title={`Extend ${user.username}`}
      description={
        user.expiresAt
          ? 'Days are added to the later of now and the current expiry.'
          : 'This user never expires; extending changes nothing.'
      }
      form={submit}
      submitLabel="Extend"
      pendingLabel="Extending…"
    >
      <IntegerField
        form={form}
        name="days"
        label="Days"
        min={UserLimits.extendDaysMin}
        max={UserLimits.extendDaysMax}
      />
    </FormDialog>
  );
}
