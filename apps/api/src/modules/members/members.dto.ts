import {
  AcceptInvitationRequest,
  CreateInvitationRequest,
  InvitationLimits,
  MEMBER_ROLES,
  UpdateMemberRequest,
  type MemberRole,
} from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiOptionalInt } from '../../common/int-field.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/members.ts); these add OpenAPI only.

const ROLE = { enum: MEMBER_ROLES, description: 'at most the caller’s own role' };

export class UpdateMemberDto extends UpdateMemberRequest {
  @ApiProperty(ROLE)
  declare role: MemberRole;
}

export class CreateInvitationDto extends CreateInvitationRequest {
  @ApiProperty(ROLE)
  declare role: MemberRole;

  @ApiOptionalInt(
    InvitationLimits.expiresInHoursMin,
    InvitationLimits.expiresInHoursMax,
    InvitationLimits.expiresInHoursDefault,
  )
  declare expiresInHours?: number;

  @ApiPropertyOptional({ maxLength: InvitationLimits.labelMax, nullable: true, example: 'For Sam, support' })
  declare label?: string | null;
}

export class AcceptInvitationDto extends AcceptInvitationRequest {
  @ApiProperty({ example: 'lki_…' })
  declare token: string;
}
