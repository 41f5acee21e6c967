import { CreateVariableRequest, UpdateVariableRequest, VariableLimits } from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiOptionalInt } from '../../common/int-field.js';

// The rules are the contracts' request shapes' (libs/contracts/src/shapes/variables.ts); these add OpenAPI only.

export const VARIABLE_KEY = VariableLimits.keyPattern;
const { valueMax, minLevelMin, minLevelMax } = VariableLimits;

export class CreateVariableDto extends CreateVariableRequest {
  @ApiProperty({ pattern: VARIABLE_KEY.source, example: 'motd' })
  declare key: string;

  @ApiProperty({ maxLength: valueMax })
  declare value: string;

  @ApiOptionalInt(minLevelMin, minLevelMax, VariableLimits.minLevelDefault)
  declare minLevel?: number;
}

export class UpdateVariableDto extends UpdateVariableRequest {
  @ApiPropertyOptional({ maxLength: valueMax })
  declare value?: string;

  @ApiOptionalInt(minLevelMin, minLevelMax)
  declare minLevel?: number;
}
