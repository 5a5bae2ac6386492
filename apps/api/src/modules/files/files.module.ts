import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { FilesController } from './files.controller';
import { FirebaseImageStorage } from './firebase-image-storage';
import { IMAGE_STORAGE, type ImageStorage } from './image-storage';
import { ImageService } from './image.service';
import { LocalDiskImageStorage } from './local-disk-image-storage';

/** The storage bucket when STORAGE_BUCKET is set (production), otherwise `<dataDir>/uploads` served by the API. */
function createImageStorage(config: AppConfig): ImageStorage {
  if (config.storageBucket) return new FirebaseImageStorage(config.firebaseProjectId, config.storageBucket);
  return new LocalDiskImageStorage(join(config.dataDir, 'uploads'), config.publicApiUrl);
}

@Module({
  controllers: [FilesController],
  providers: [ImageService, { provide: IMAGE_STORAGE, useFactory: createImageStorage, inject: [APP_CONFIG] }],
  exports: [ImageService],
})
export class FilesModule {}
