import {
  type AcceptInvitationRequest,
  type CreateInvitationRequest,
  FieldMessage,
  InvitationLimits,
  MEMBER_ROLES,
  type MemberRole,
  type UpdateMemberRequest,
} from '@latchkey/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { OptionalIntField } from '../../common/int-field.js';

export class UpdateMemberDto implements UpdateMemberRequest {
  @ApiProperty({ enum: MEMBER_ROLES, description: 'at most the caller’s own role' })
  @IsIn(MEMBER_ROLES, { message: FieldMessage.oneOf('role', MEMBER_ROLES) })
  role: MemberRole;
}

export class CreateInvitationDto implements CreateInvitationRequest {
  @ApiProperty({ enum: MEMBER_ROLES, description: 'at most the caller’s own role' })
  @IsIn(MEMBER_ROLES, { message: FieldMessage.oneOf('role', MEMBER_ROLES) })
  role: MemberRole;

  @OptionalIntField(
    'expiresInHours',
    InvitationLimits.expiresInHoursMin,
    InvitationLimits.expiresInHoursMax,
    InvitationLimits.expiresInHoursDefault,
  )
  expiresInHours?: number;
}

/** An invitation token is `lki_` + 43 characters; longer input is refused before any lookup. */
const INVITATION_TOKEN_MAX = 64;

export class AcceptInvitationDto implements AcceptInvitationRequest {
  @ApiProperty({ example: 'lki_…' })
  @MaxLength(INVITATION_TOKEN_MAX, { message: FieldMessage.atMost('token', INVITATION_TOKEN_MAX) })
  @IsString({ message: FieldMessage.string('token') })
  token: string;
}
