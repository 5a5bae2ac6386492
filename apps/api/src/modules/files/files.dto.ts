import { ApiProperty } from '../../common/openapi/decorators';

export class UploadedImageResponse {
  @ApiProperty({ description: 'URL of the stored, re-encoded image (WebP, at most 512x512).', example: 'https://app.console.example.jp/files/AbCdEfGhJk.webp' })
  url: string;
}
