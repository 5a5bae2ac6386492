import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { writeFileSync } from 'node:fs';
import { openApiDocument } from './app';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';

/** The OpenAPI document of the controllers and DTOs, built in preview mode (no database, no listening). */
export async function generateOpenApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({
    APP_ENV: 'test',
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    FIREBASE_PROJECT_ID: 'demo-openapi',
    COMPANY_MAIL_DOMAIN: 'example.com',
    ROOT_ACCOUNT_EMAIL: 'root@example.com',
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), new FastifyAdapter(), { preview: true, logger: false });
  try {
    return await openApiDocument(app);
  } finally {
    await app.close();
  }
}

/** The committed form of the document (apps/api/openapi.json). */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Writes the OpenAPI document to the path given. */
async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('usage: node dist/openapi.js <output.json>');
  writeFileSync(target, serializeOpenApiDocument(await generateOpenApiDocument()));
}

if (require.main === module) void main();
