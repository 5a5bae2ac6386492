import { DomainError, type ErrorCode } from '@console/domain';
import type { FastifyRequest } from 'fastify';
import { bodyProblem } from './request-body';

/** Form field of the uploaded image (docs/product-rules.md#api-calls). */
const IMAGE_FIELD = 'profileImage';

export interface ImageUpload {
  image: Buffer;
  fields: Record<string, string>;
}

/** An uploaded file and the text fields sent with it. */
interface FileUpload {
  file: Buffer;
  fields: Record<string, string>;
}

/** What an upload takes: the file's field, the text fields allowed beside it, and its size limit with the error past it. */
interface UploadRules {
  fileField: string;
  allowedFields: readonly string[];
  /** Largest file in bytes; the server's multipart limit when not given. */
  maxBytes?: number;
  tooLarge: ErrorCode;
  /** The error of an empty file; VALIDATION_FAILED (as for a missing one) unless told. */
  empty?: ErrorCode;
}

function isTooLarge(error: unknown): boolean {
  const e = error as { statusCode?: unknown; code?: unknown };
  return e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a multipart upload: exactly one file in the rules' file field and the text fields they
 * allow (in any order). Unknown fields, a missing or empty file, or a file past the size limit
 * (the rules' `tooLarge` error) are refused.
 */
export async function readFileUpload(request: FastifyRequest, rules: UploadRules): Promise<FileUpload> {
  const { fileField, allowedFields } = rules;
  if (!request.isMultipart()) throw new DomainError('VALIDATION_FAILED', `multipart/form-data with a ${fileField} file is required`);
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts(rules.maxBytes === undefined ? undefined : { limits: { fileSize: rules.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file !== undefined) {
          part.file.resume();
          throw new DomainError('VALIDATION_FAILED', `only one file, in the field ${fileField}, is accepted`);
        }
        file = await part.toBuffer();
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
    if (isTooLarge(error)) throw new DomainError(rules.tooLarge);
    // Anything else that fails while the parts are read is the body's fault: no boundary, a
    // malformed part, data ending early (busboy's errors carry no status code).
    throw new DomainError('VALIDATION_FAILED', `Invalid multipart/form-data body: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (file?.length === 0 && rules.empty !== undefined) throw new DomainError(rules.empty);
  if (file === undefined || file.length === 0) throw new DomainError('VALIDATION_FAILED', `${fileField} file is required`);
  return { file, fields };
}

/** Reads an image upload: one file in the `profileImage` field and the text fields named in `allowedFields`. */
export async function readImageUpload(request: FastifyRequest, allowedFields: readonly string[] = []): Promise<ImageUpload> {
  const { file, fields } = await readFileUpload(request, { fileField: IMAGE_FIELD, allowedFields, tooLarge: 'IMAGE_TOO_LARGE' });
  return { image: file, fields };
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
