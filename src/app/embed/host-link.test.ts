// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { acceptLookup, answerHost, type HostWindow } from './host-link';

const DESK = 'https://acme.zendesk.com';
const OTHER = 'https://evil.example';
const LOOKUP = { type: 'admin-console:lookup', email: 'ada@example.org' };

function windows() {
  const parent = { postMessage: vi.fn() } as unknown as Window & {
    postMessage: ReturnType<typeof vi.fn>;
  };
  const self = { postMessage: vi.fn() } as unknown as Window;
  const framed: HostWindow = { parent, self };
  const alone: HostWindow = { parent: self, self };
  return { parent, self, framed, alone };
}

describe('acceptLookup', () => {
  it('takes a lookup from the framing window of an allowed origin, with whom to answer', () => {
    const { parent, framed } = windows();
    expect(acceptLookup({ origin: DESK, source: parent, data: LOOKUP }, [DESK], framed)).toEqual({
      request: { field: 'email', value: 'ada@example.org' },
      asker: { kind: 'message', origin: DESK, source: parent },
    });
  });

  it('ignores the framing window of an origin embedOrigins does not list', () => {
    const { parent, framed } = windows();
    expect(
      acceptLookup({ origin: OTHER, source: parent, data: LOOKUP }, [DESK], framed),
    ).toBeNull();
  });

  it('ignores any other window, even of an allowed origin, and a card that is not framed', () => {
    const { parent, self, framed, alone } = windows();
    const stranger = { postMessage: vi.fn() } as unknown as Window;
    expect(
      acceptLookup({ origin: DESK, source: stranger, data: LOOKUP }, [DESK], framed),
    ).toBeNull();
    expect(acceptLookup({ origin: DESK, source: null, data: LOOKUP }, [DESK], framed)).toBeNull();
    expect(acceptLookup({ origin: DESK, source: self, data: LOOKUP }, [DESK], alone)).toBeNull();
    expect(acceptLookup({ origin: DESK, source: parent, data: LOOKUP }, [], framed)).toBeNull();
  });

  it('ignores a message of another shape from the right window', () => {
    const { parent, framed } = windows();
    const data = { ...LOOKUP, extra: 1 };
    expect(acceptLookup({ origin: DESK, source: parent, data }, [DESK], framed)).toBeNull();
  });
});

describe('answerHost', () => {
  const user = { id: 'user_ada', name: 'Ada Lovelace', email: 'ada@example.org' };
  const result = { type: 'admin-console:result', id: 'user_ada', name: 'Ada Lovelace' };

  it('answers the window that asked, at its origin alone', () => {
    const { parent, framed } = windows();
    answerHost(user, { kind: 'message', origin: DESK, source: parent }, [DESK, OTHER], framed);
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith(result, DESK);
  });

  it('answers a request of the address to the framing window, addressed to each allowed origin', () => {
    const { parent, framed } = windows();
    answerHost(user, { kind: 'address' }, [DESK, OTHER], framed);
    expect(parent.postMessage.mock.calls).toEqual([
      [result, DESK],
      [result, OTHER],
    ]);
  });

  it('says nothing when the card is not framed', () => {
    const { self, alone } = windows();
    answerHost(user, { kind: 'address' }, [DESK], alone);
    expect(self.postMessage).not.toHaveBeenCalled();
  });
});
