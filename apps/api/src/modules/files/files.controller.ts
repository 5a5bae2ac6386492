import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/openapi/decorators';
import { DomainError } from '@console/domain';
import type { FastifyReply } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { STORED_FILE_NAME } from './image-storage';
import { ImageService } from './image.service';

/** Serves images kept by the local-disk storage (development and tests); names are content hashes, so they never change. */
@ApiExcludeController()
@Controller('files')
export class FilesController {
  constructor(private readonly images: ImageService) {}

  @Get(':name')
  @Access('public')
  async getFile(@Param('name') name: string, @Res() reply: FastifyReply): Promise<void> {
    if (!STORED_FILE_NAME.test(name)) throw new DomainError('NOT_FOUND');
    const data = await this.images.read(name);
    if (!data) throw new DomainError('NOT_FOUND');
    await reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(data);
  }
}
