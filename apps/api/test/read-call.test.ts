import { HttpCode, Post, SetMetadata } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { Access, ACCESS_KEY } from '../src/common/auth/access.decorator';
import { READ_CALL_KEY, ReadCall } from '../src/common/http/read-call';

/** An error as node-postgres reports a backend the server terminated (a lost connection). */
const terminated = (): Error => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

class Calls {
  runs = 0;

  @Post('listThings')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @SetMetadata('below', 'kept')
  async list(failures: number, error: () => Error = terminated): Promise<string> {
    this.runs += 1;
    await Promise.resolve();
    if (this.runs <= failures) throw error();
    return `answer of run ${this.runs}`;
  }

  @ReadCall()
  throwsAtOnce(): string {
    this.runs += 1;
    if (this.runs === 1) throw terminated();
    return 'second run';
  }
}

/** The handler as Nest finds it: the prototype's property (its descriptor's value, not a bound method). */
const handler = (name: keyof Calls): object => Object.getOwnPropertyDescriptor(Calls.prototype, name)?.value as object;

describe('@ReadCall() (common/http/read-call.ts)', () => {
  it('keeps the metadata of the decorators before and after it on the handler Nest reads', () => {
    const list = handler('list');
    expect(Reflect.getMetadata(READ_CALL_KEY, list)).toBe(true);
    // Applied before @ReadCall() (below it): copied onto the wrapper.
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, list)).toBe(200);
    expect(Reflect.getMetadata(ACCESS_KEY, list)).toBe('account');
    expect(Reflect.getMetadata('below', list)).toBe('kept');
    // Applied after it (above): on the wrapper itself.
    expect(Reflect.getMetadata(PATH_METADATA, list)).toBe('listThings');
    expect(Reflect.getMetadata(METHOD_METADATA, list)).toBeDefined();
    expect((list as { name: string }).name).toBe('list');
  });

  it('runs a read once more, after a pause, when its database connection was lost', async () => {
    const calls = new Calls();
    const started = performance.now();
    await expect(calls.list(1)).resolves.toBe('answer of run 2');
    expect(calls.runs).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('gives up after the second attempt, and never repeats a read that failed otherwise', async () => {
    const twice = new Calls();
    await expect(twice.list(2)).rejects.toMatchObject({ code: '57P01' });
    expect(twice.runs).toBe(2);
    const refused = new Calls();
    await expect(refused.list(1, () => new Error('relation "things" does not exist'))).rejects.toThrow('relation "things" does not exist');
    expect(refused.runs).toBe(1);
  });

  it('retries a handler that throws before it returns a promise, and answers a promise', async () => {
    const calls = new Calls();
    await expect(calls.throwsAtOnce()).resolves.toBe('second run');
    expect(calls.runs).toBe(2);
  });
});
