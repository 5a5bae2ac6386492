import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { writeFileSync } from 'node:fs';
import { openApiDocument } from './app';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';

/** Writes the OpenAPI document of the controllers and DTOs to the path given (no database needed). */
async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('usage: node dist/openapi.js <output.json>');
  const config = loadConfig({
    APP_ENV: 'test',
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    FIREBASE_PROJECT_ID: 'demo-openapi',
    COMPANY_MAIL_DOMAIN: 'example.com',
    ROOT_ACCOUNT_EMAIL: 'root@example.com',
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), new FastifyAdapter(), { preview: true, logger: false });
  writeFileSync(target, `${JSON.stringify(openApiDocument(app), null, 2)}\n`);
  await app.close();
}

void main();
