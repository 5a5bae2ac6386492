import { ApiProperty, ApiPropertyOptional } from '../../common/openapi/decorators';
import { LOCALES, type Locale } from '@console/domain';
import { IsIn, IsOptional } from '../../common/validation/class-validator';
import { IsDomainId } from '../../common/http/validators';

export class ExportOrganizationRequest {
  @ApiProperty({ minLength: 8, maxLength: 8, example: 'a1B2c3D4' })
  @IsDomainId('organization')
  organizationId: string;

  @ApiPropertyOptional({ enum: LOCALES, example: 'ja', description: 'Language of the header row of members.csv; the account’s language when left out.' })
  @IsOptional()
  @IsIn(LOCALES)
  locale?: Locale;
}
