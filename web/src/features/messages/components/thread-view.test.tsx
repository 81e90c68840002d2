import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGE_REPORT_MESSAGES, MESSAGING_MESSAGES, type ConversationThread } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';
import { conversationSummary } from '../testing';

function thread(
  flags: Partial<Pick<ConversationThread['conversation'], 'blockedByMe' | 'blockedByThem' | 'messagingStopped' | 'canSend'>>,
): ConversationThread {
  return {
    conversation: conversationSummary({
      conversationId: 'conversation-1',
      other: { userId: 'cara', name: 'Cara Jones', avatarUrl: null, accountType: 'client', deleted: false },
      lastLine: 'Can you come on Tuesday?',
      ...flags,
    }),
    messages: [
      { messageId: 'm-1', senderId: 'cara', mine: false, text: 'Can you come on Tuesday?', imageIds: [], sentAt: '2026-11-26T12:00:00.000Z', seen: false },
    ],
  };
}

/** /messages/conversation-1 as the provider in it sees it. */
async function open(answer: ConversationThread) {
  stubApi({
    listCategories: () => ({ groups: [] }),
    getUnreadMessages: () => ({ unreadTotal: 0 }),
    listConversations: () => ({ conversations: [answer.conversation], unreadTotal: 0 }),
    getConversation: () => answer,
  });
  renderApp('/messages/conversation-1', createFakeAuth({ signedInAs: fakeAccount({ userId: 'pat', accountType: 'provider' }) }));
  expect(await screen.findByRole('heading', { name: 'Cara Jones' })).toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Messages' })).toHaveTextContent('Can you come on Tuesday?');
}

describe('the thread of a person an admin stopped messaging', { timeout: 20_000 }, () => {
  it('offers no message box and says why, in the words the API gives when a message is refused', async () => {
    await open(thread({ messagingStopped: true, canSend: false }));
    expect(screen.getByText(MESSAGE_REPORT_MESSAGES.messagingBlocked)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Message Cara Jones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('says the stop before a block of the other side', async () => {
    await open(thread({ messagingStopped: true, blockedByThem: true, canSend: false }));
    expect(screen.getByText(MESSAGE_REPORT_MESSAGES.messagingBlocked)).toBeVisible();
    expect(screen.queryByText(MESSAGING_MESSAGES.blockedByThem)).not.toBeInTheDocument();
  });

  it('shows the message box to a person who may send', async () => {
    await open(thread({}));
    expect(screen.getByRole('textbox', { name: 'Message Cara Jones' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGE_REPORT_MESSAGES.messagingBlocked)).not.toBeInTheDocument();
  });
});

describe('an image still loading in a thread', { timeout: 20_000 }, () => {
  it('is a named picture placeholder (a skeleton with a name must have a role: axe, serious)', async () => {
    const answer = thread({});
    stubApi({
      listCategories: () => ({ groups: [] }),
      getUnreadMessages: () => ({ unreadTotal: 0 }),
      listConversations: () => ({ conversations: [answer.conversation], unreadTotal: 0 }),
      getConversation: () => ({ ...answer, messages: [{ ...answer.messages[0]!, imageIds: ['image-1'] }] }),
      getMessageImage: () => new Promise<never>(() => undefined),
    });
    renderApp('/messages/conversation-1', createFakeAuth({ signedInAs: fakeAccount({ userId: 'pat', accountType: 'provider' }) }));
    expect(await screen.findByRole('img', { name: /^Loading image 1 of 1/i })).toBeInTheDocument();
  });
});
