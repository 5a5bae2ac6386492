import { ApiProperty } from '../../common/openapi/decorators';
import { IsString, Matches } from '../../common/validation/class-validator';

export class SecondFactorRequest {
  @ApiProperty({ description: "The identity provider's id of the second factor (MultiFactorInfo.uid).", maxLength: 128, example: 'a1b2c3d4-e5f6' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,128}$/)
  factorId: string;
}

export class SecondFactorResponse {
  @ApiProperty({ description: "The identity provider's id of the second factor.", example: 'a1b2c3d4-e5f6' }) factorId: string;
  @ApiProperty({ description: 'phone (SMS) or totp.', example: 'phone' }) kind: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The phone number of an SMS factor with all but its last four digits hidden.',
    example: '+81******5678',
  })
  maskedPhoneNumber: string | null;
}
