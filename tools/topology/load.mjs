// Concurrent clients calling the API through the web server, as signed-in users do: each client
// loops over reads and writes with its own account; every answer is counted in the phase in which
// it came.

/** One call of the mix: two reads for each write (a write changes the client's own name). */
function nextCall(client) {
  client.turn += 1;
  switch (client.turn % 3) {
    case 0: return { path: '/account/update', body: { name: `負荷${client.index}-${client.turn}` } };
    case 1: return { path: '/project/listInAccount', body: {} };
    default: return { path: '/account/get', body: {} };
  }
}

export class Load {
  /** `clients`: [{ idToken }]; `apiUrl`: the API through the web server, e.g. http://localhost:8080/api */
  constructor({ apiUrl, origin, clients, timeoutMs = 15_000 }) {
    this.apiUrl = apiUrl;
    this.origin = origin;
    this.timeoutMs = timeoutMs;
    this.clients = clients.map((c, index) => ({ ...c, index, turn: 0 }));
    this.phase = this.newPhase('start');
    this.phases = [];
    this.running = false;
  }

  newPhase(name) {
    return { name, sent: 0, ok: 0, failed: 0, statuses: {}, failures: [], lastFailureAt: 0 };
  }

  /** Counts from now on into a new phase, and returns it. */
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
        outcome = `network error: ${error.cause?.code ?? error.name}: ${error.message}`;
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
        if (phase.failures.length < 20) phase.failures.push(`${path}: ${outcome}`);
      }
    }
  }
}

export function describePhase(phase) {
  return `${phase.name}: ${phase.sent} requests, ${phase.ok} ok, ${phase.failed} failed ${JSON.stringify(phase.statuses)}`;
}
