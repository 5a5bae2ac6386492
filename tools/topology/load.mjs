// @ts-check
// Concurrent clients calling the API through the web server, as signed-in users do: each client
// loops over reads and writes with its own account; every answer is counted in the phase in which
// it came.

/** @typedef {{ idToken: string, index: number, turn: number }} Client */
/**
 * @typedef {object} Phase The answers that came in one phase of the run.
 * @property {string} name
 * @property {number} sent
 * @property {number} ok
 * @property {number} failed
 * @property {Record<string, number>} statuses Answers by HTTP status ('network': no answer).
 * @property {string[]} failures The first 20 failures, described, each with the time it came (to set beside nginx's error log).
 * @property {number} lastFailureAt When the last failure came (ms since the epoch; 0: none).
 */

/**
 * One call of the mix: two reads for each write (a write changes the client's own name).
 * @param {Client} client
 */
function nextCall(client) {
  client.turn += 1;
  switch (client.turn % 3) {
    case 0:
      return { path: '/account/update', body: { name: `負荷${client.index}-${client.turn}` } };
    case 1:
      return { path: '/project/listInAccount', body: {} };
    default:
      return { path: '/account/get', body: {} };
  }
}

export class Load {
  /**
   * `clients`: [{ idToken }]; `apiUrl`: the API through the web server, e.g. http://localhost:8080/api
   * @param {{ apiUrl: string, origin: string, clients: { idToken: string }[], timeoutMs?: number }} options
   */
  constructor({ apiUrl, origin, clients, timeoutMs = 15_000 }) {
    this.apiUrl = apiUrl;
    this.origin = origin;
    this.timeoutMs = timeoutMs;
    /** @type {Client[]} */
    this.clients = clients.map((c, index) => ({ ...c, index, turn: 0 }));
    this.phase = this.newPhase('start');
    /** @type {Phase[]} */
    this.phases = [];
    this.running = false;
    /** @type {Promise<void>[]} */
    this.loops = [];
  }

  /**
   * @param {string} name
   * @returns {Phase}
   */
  newPhase(name) {
    return { name, sent: 0, ok: 0, failed: 0, statuses: {}, failures: [], lastFailureAt: 0 };
  }

  /**
   * Counts from now on into a new phase, and returns it.
   * @param {string} name
   */
  startPhase(name) {
    this.phase = this.newPhase(name);
    this.phases.push(this.phase);
    return this.phase;
  }

  start() {
    this.running = true;
    this.loops = this.clients.map((client) => this.loop(client));
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** @param {Client} client */
  async loop(client) {
    while (this.running) {
      const { path, body } = nextCall(client);
      let outcome;
      let status;
      try {
        const response = await fetch(`${this.apiUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${client.idToken}`, 'content-type': 'application/json', origin: this.origin },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        const text = await response.text();
        outcome = response.ok ? 'ok' : `${response.status} ${text.slice(0, 200)}`;
        status = response.status;
      } catch (error) {
        const { name, message, cause } = /** @type {Error & { cause?: { code?: string } }} */ (error);
        outcome = `network error: ${cause?.code ?? name}: ${message}`;
        status = 'network';
      }
      // Counted in the phase in which the answer (or the failure) came.
      const phase = this.phase;
      phase.sent += 1;
      phase.statuses[status] = (phase.statuses[status] ?? 0) + 1;
      if (outcome === 'ok') phase.ok += 1;
      else {
        phase.failed += 1;
        phase.lastFailureAt = Date.now();
        if (phase.failures.length < 20) phase.failures.push(`${new Date().toISOString()} ${path}: ${outcome}`);
      }
    }
  }
}

/** @param {Phase} phase */
export function describePhase(phase) {
  return `${phase.name}: ${phase.sent} requests, ${phase.ok} ok, ${phase.failed} failed ${JSON.stringify(phase.statuses)}`;
}
