import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_MESSAGES, type ConversationMessage, type ConversationThread } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';
import { conversationSummary } from '../testing';

/** Uploads in flight wait here while a test holds them, so the progress they show can be read before they end. */
const uploads = vi.hoisted(() => {
  let held = false;
  const waiting: (() => void)[] = [];
  return {
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const resume of waiting.splice(0)) resume();
    },
    passed: () => (held ? new Promise<void>((resume) => waiting.push(resume)) : Promise.resolve()),
  };
});

// The bytes go to storage with a presigned POST (XMLHttpRequest); here they "arrive" half-way, then whole.
vi.mock('@/lib/presigned-upload', () => ({
  uploadWithPresignedPost: async (_grant: unknown, _file: Blob, options: { onProgress?: (share: number) => void } = {}) => {
    options.onProgress?.(0.5);
    await uploads.passed();
  },
}));

const CONVERSATION = 'conv-1';
const NOT_AN_IMAGE = 'notes.jpg';

function thread(messages: ConversationMessage[]): ConversationThread {
  return {
    conversation: conversationSummary({
      conversationId: CONVERSATION,
      other: { userId: 'pat', name: 'Pennine Plumbing', avatarUrl: null, accountType: 'provider', deleted: false },
      lastLine: 'Hello',
      lastFromMe: true,
    }),
    messages,
  };
}

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

async function openThread(messages: ConversationMessage[] = []) {
  const names: string[] = [];
  const stored = [...messages];
  const api = stubApi({
    listCategories: () => ({ groups: [] }),
    getUnreadMessages: () => ({ unreadTotal: 0 }),
    listConversations: () => ({ conversations: [thread([]).conversation], unreadTotal: 0 }),
    getConversation: () => thread([...stored].reverse()),
    markConversationRead: () => ({ unreadTotal: 0 }),
    createMessageImageUpload: ({ body }) => {
      names.push(body.name);
      return { imageId: `image-${names.length}`, url: 'https://storage.example/bucket', fields: { key: 'k' }, key: 'k', maxBytes: 10 };
    },
    checkMessageImage: ({ params }) => {
      if (names[Number(params.imageId.slice('image-'.length)) - 1] === NOT_AN_IMAGE) {
        throw new StubbedApiError(400, {
          error: { code: 'VALIDATION_ERROR', message: MESSAGING_MESSAGES.imageWrongType, fields: { 'params.imageId': MESSAGING_MESSAGES.imageWrongType } },
        });
      }
      return { imageId: params.imageId, width: 4, height: 3 };
    },
    getMessageImage: () => ({ contentType: 'image/webp', bytes: new Uint8Array([1, 2, 3]) }),
    sendMessage: ({ body }) => {
      const message: ConversationMessage = {
        messageId: body.messageId,
        senderId: 'cara',
        mine: true,
        text: body.text,
        imageIds: body.imageIds,
        sentAt: '2026-11-26T12:05:00.000Z',
        seen: false,
      };
      stored.push(message);
      return { conversationId: CONVERSATION, message };
    },
  });
  const view = renderApp(`/messages/${CONVERSATION}`, createFakeAuth({ signedInAs: fakeAccount({ userId: 'cara', accountType: 'client' }) }));
  await screen.findByRole('heading', { name: 'Pennine Plumbing' });
  return { ...view, api };
}

let made = 0;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => `blob:test/${(made += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  made = 0;
  uploads.release();
});

describe('the thread composer: images', { timeout: 20_000 }, () => {
  it('adds images with a labelled keyboard-operable button, shows each with its progress and a remove button, and sends them with the text', async () => {
    const { user, api } = await openThread();
    const add = screen.getByRole('button', { name: 'Add images' });
    add.focus();
    expect(add).toHaveFocus();
    uploads.hold();
    await user.upload(screen.getByTestId('message-image-input'), [photo('tap.jpg'), photo('pipe.jpg')]);

    const chosen = screen.getByRole('list', { name: 'Images to send' });
    expect(within(chosen).getByRole('img', { name: 'Image 1 of 2 to send: tap.jpg' })).toBeInTheDocument();
    // Half-way, each shows its progress until its bytes have arrived.
    expect(await within(chosen).findAllByRole('progressbar')).toHaveLength(2);
    uploads.release();
    await waitFor(() => expect(within(chosen).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('2 of 4 images')).toBeInTheDocument();

    await user.click(within(chosen).getByRole('button', { name: 'Remove pipe.jpg' }));
    expect(screen.getByText('1 of 4 images')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message Pennine Plumbing' }), 'The leak');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('sendMessage')).toHaveLength(1));
    expect(api.callsTo('sendMessage')[0]!.body).toMatchObject({ text: 'The leak', imageIds: ['image-1'] });
    expect(screen.queryByRole('list', { name: 'Images to send' })).not.toBeInTheDocument();
    // The sent message shows its image, which opens larger in a dialog.
    const thumbnail = await screen.findByRole('button', { name: 'Image 1 of 1 from you' });
    await user.click(thumbnail);
    const dialog = await screen.findByRole('dialog', { name: 'Image 1 of 1 from you' });
    expect(await within(dialog).findByRole('img', { name: 'Image 1 of 1 from you' })).toBeInTheDocument();
  });

  it('sends images without text, and shows the other person’s images by their name', async () => {
    const { user, api } = await openThread([
      { messageId: 'm1', senderId: 'pat', mine: false, text: '', imageIds: ['a', 'b', 'c'], sentAt: '2026-11-26T12:00:00.000Z', seen: false },
    ]);
    expect(await screen.findByRole('button', { name: 'Image 2 of 3 from Pennine Plumbing' })).toBeInTheDocument();
    await user.upload(screen.getByTestId('message-image-input'), [photo('tap.jpg')]);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('sendMessage')).toHaveLength(1));
    expect(api.callsTo('sendMessage')[0]!.body).toMatchObject({ text: '', imageIds: ['image-1'] });
  });

  it('refuses a 5th image and a file that is not an image, in the words the server uses', async () => {
    const { user, api } = await openThread();
    const input = screen.getByTestId('message-image-input');
    await user.upload(input, [photo('1.jpg'), photo('2.jpg'), photo('3.jpg'), photo('4.jpg'), photo('5.jpg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGING_MESSAGES.tooManyImages);
    expect(screen.getByText('4 of 4 images')).toBeInTheDocument();
    expect(api.callsTo('createMessageImageUpload')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Remove 4.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Remove 3.jpg' }));

    // A text file named .jpg passes the browser's look at its name; the server refuses it by its bytes.
    await user.upload(input, [photo(NOT_AN_IMAGE)]);
    const tile = await screen.findByText(MESSAGING_MESSAGES.imageWrongType);
    expect(tile).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Remove the images that could not be uploaded.')).toBeInTheDocument();
    expect(api.callsTo('sendMessage')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `Remove ${NOT_AN_IMAGE}` }));

    // A file the browser itself knows is no image is refused before any upload.
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGING_MESSAGES.imageWrongType);
  });

  it('says a 5th cannot be added when four are there', async () => {
    const { user } = await openThread();
    await user.upload(screen.getByTestId('message-image-input'), [photo('1.jpg'), photo('2.jpg'), photo('3.jpg'), photo('4.jpg')]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add images' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGING_MESSAGES.tooManyImages);
  });
});
