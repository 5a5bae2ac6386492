import { DomainError } from '@console/domain';
import type { FastifyRequest } from 'fastify';
import { bodyProblem } from './request-body';

/** Form field of the uploaded image (docs/product-rules.md#api-calls). */
const IMAGE_FIELD = 'profileImage';

export interface ImageUpload {
  image: Buffer;
  fields: Record<string, string>;
}

function isTooLarge(error: unknown): boolean {
  const e = error as { statusCode?: unknown; code?: unknown };
  return e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a multipart upload: exactly one file in the `profileImage` field and the text fields
 * named in `allowedFields` (in any order). Unknown fields or a missing file are refused.
 */
export async function readImageUpload(request: FastifyRequest, allowedFields: readonly string[] = []): Promise<ImageUpload> {
  if (!request.isMultipart()) throw new DomainError('VALIDATION_FAILED', `multipart/form-data with a ${IMAGE_FIELD} file is required`);
  let image: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== IMAGE_FIELD || image !== undefined) {
          part.file.resume();
          throw new DomainError('VALIDATION_FAILED', `only one file, in the field ${IMAGE_FIELD}, is accepted`);
        }
        image = await part.toBuffer();
      } else {
        if (!allowedFields.includes(part.fieldname)) throw new DomainError('VALIDATION_FAILED', `property ${part.fieldname} should not exist`);
        if (typeof part.value !== 'string') throw new DomainError('VALIDATION_FAILED', `${part.fieldname} must be a string`);
        const problem = bodyProblem({ [part.fieldname]: part.value });
        if (problem) throw new DomainError('VALIDATION_FAILED', problem);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isTooLarge(error)) throw new DomainError('IMAGE_TOO_LARGE');
    // Anything else that fails while the parts are read is the body's fault: no boundary, a
    // malformed part, data ending early (busboy's errors carry no status code).
    throw new DomainError('VALIDATION_FAILED', `Invalid multipart/form-data body: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (image === undefined || image.length === 0) throw new DomainError('VALIDATION_FAILED', `${IMAGE_FIELD} file is required`);
  return { image, fields };
}

/** OpenAPI request body of an image upload with the given extra text fields. */
export function imageUploadSchema(extraFields: readonly string[] = []) {
  return {
    schema: {
      type: 'object' as const,
      required: [...extraFields, IMAGE_FIELD],
      properties: {
        ...Object.fromEntries(extraFields.map((name) => [name, { type: 'string' as const }])),
        [IMAGE_FIELD]: { type: 'string' as const, format: 'binary', description: 'png, jpeg, webp or avif; at most 5 MB and 25 megapixels.' },
      },
    },
  };
}
