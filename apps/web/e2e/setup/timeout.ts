// Browser tests drive a real stack; a step can take seconds (Jest's testTimeout is global only).
jest.setTimeout(120_000);
