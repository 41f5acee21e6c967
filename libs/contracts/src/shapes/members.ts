import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { InvitationLimits, MEMBER_ROLES, type MemberRole } from '../teams.js';
import { OptionalInt, OptionalOrNull } from './fields.js';

/*
 * Request shapes of an app's members and invitations: the one declaration of
 * their rules. The API's DTOs (apps/api/src/modules/members) extend these
 * with OpenAPI only, and the dashboard's invite and change-role dialogs
 * validate with them too. "At most the caller's own role" is the service's.
 */

const ROLE_MESSAGE = FieldMessage.oneOf('role', MEMBER_ROLES);

/** `PATCH /v1/admin/apps/{appId}/members/{accountId}`: not above the caller's own role, never the owner. */
export class UpdateMemberRequest {
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  role!: MemberRole;
}

/** `POST /v1/admin/apps/{appId}/invitations` (a role up to the caller's own). */
export class CreateInvitationRequest {
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  role!: MemberRole;

  /** InvitationLimits.expiresInHoursMin-Max; default InvitationLimits.expiresInHoursDefault */
  @OptionalInt('expiresInHours', InvitationLimits.expiresInHoursMin, InvitationLimits.expiresInHoursMax)
  expiresInHours?: number;

  /** who it is for ("For Sam, support"), so pending invitations can be told apart; null or absent: none */
  @OptionalOrNull()
  @Matches(/^[^\p{Cc}\p{Cs}]*$/u, { message: FieldMessage.printable('label') })
  @MaxLength(InvitationLimits.labelMax, { message: FieldMessage.atMost('label', InvitationLimits.labelMax) })
  @IsString({ message: FieldMessage.string('label') })
  label?: string | null;
}

/** `POST /v1/admin/invitations/accept` (an owner-role account's bearer token). */
export class AcceptInvitationRequest {
  @MaxLength(InvitationLimits.tokenMax, { message: FieldMessage.atMost('token', InvitationLimits.tokenMax) })
  @IsString({ message: FieldMessage.string('token') })
  token!: string;
}
