import { SetUserVariableRequest, UserVariableLimits } from '@latchkey/contracts';
import { ApiProperty } from '@nestjs/swagger';

// The rules are the contracts' request shape's (libs/contracts/src/shapes/user-variables.ts); this adds OpenAPI only.

export class SetUserVariableDto extends SetUserVariableRequest {
  @ApiProperty({ maxLength: UserVariableLimits.valueMax, example: '{"theme":"dark"}' })
  declare value: string;
}
