/** BroadcastChannels of several tabs: a message from one reaches the others, asynchronously. */
export function channelHub() {
  const members = new Set<{ deliver: (data: unknown) => void }>();
  const sent: unknown[] = [];
  return {
    sent,
    channel(): BroadcastChannel {
      const handlers = new Set<(event: MessageEvent) => void>();
      const member = {
        deliver: (data: unknown) => {
          for (const handler of handlers) handler(new MessageEvent('message', { data }));
        },
      };
      members.add(member);
      return {
        postMessage(data: unknown) {
          sent.push(data);
          for (const other of members) {
            if (other !== member) setTimeout(() => other.deliver(data), 1);
          }
        },
        addEventListener: (_type: string, handler: (event: MessageEvent) => void) =>
          handlers.add(handler),
        removeEventListener: (_type: string, handler: (event: MessageEvent) => void) =>
          handlers.delete(handler),
        close: () => members.delete(member),
      } as unknown as BroadcastChannel;
    },
  };
}
