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

export class AcceptInvitationDto implements AcceptInvitationRequest {
  @ApiProperty({ example: 'lki_…' })
  @MaxLength(InvitationLimits.tokenMax, { message: FieldMessage.atMost('token', InvitationLimits.tokenMax) })
  @IsString({ message: FieldMessage.string('token') })
  token: string;
}
