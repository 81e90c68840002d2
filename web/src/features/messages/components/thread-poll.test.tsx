import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';
import { conversationSummary } from '../testing';

// The page reads its runtime config once per page load, which is once per test file here: this file's one page load
// is a stage that sets its own message poll interval.
describe('an open thread', { timeout: 20_000 }, () => {
  it("shows a new message by itself, asking again at the stage's poll interval", async () => {
    const conversation = conversationSummary({
      conversationId: 'conversation-1',
      other: { userId: 'cara', name: 'Cara Jones', avatarUrl: null, accountType: 'client', deleted: false },
      lastLine: 'Can you come on Tuesday?',
    });
    const first = {
      messageId: 'm-1',
      senderId: 'cara',
      mine: false,
      text: 'Can you come on Tuesday?',
      imageIds: [],
      sentAt: '2026-11-26T12:00:00.000Z',
      seen: false,
    };
    const reply = { ...first, messageId: 'm-2', text: 'Or Wednesday, if that suits.', sentAt: '2026-11-26T12:05:00.000Z' };
    let replied = false;
    const api = stubApi(
      {
        listCategories: () => ({ groups: [] }),
        getUnreadMessages: () => ({ unreadTotal: 0 }),
        listConversations: () => ({ conversations: [conversation], unreadTotal: 0 }),
        getConversation: () => ({ conversation, messages: replied ? [reply, first] : [first] }),
        markConversationRead: () => ({ unreadTotal: 0 }),
      },
      { config: { messagePollMs: 250 } },
    );
    renderApp('/messages/conversation-1', createFakeAuth({ signedInAs: fakeAccount({ userId: 'pat', accountType: 'provider' }) }));
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(messages).toHaveTextContent(first.text);
    const asked = api.callsTo('getConversation').length;
    replied = true;
    // Well within the default interval (ten seconds): only the stage's quarter-second poll brings it this soon.
    expect(await within(messages).findByText(reply.text, {}, { timeout: 3_000 })).toBeVisible();
    expect(api.callsTo('getConversation').length).toBeGreaterThan(asked);
  });
});
