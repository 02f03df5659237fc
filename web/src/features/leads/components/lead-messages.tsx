import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messageStatusLabels, type MessageDelivery, type MessageStatus } from '@site/domain';
import { useRetryMessage, type LeadCollection } from '../api/retry-message';
import { messageNote, messageTitle } from '../lib/message-text';

// Only the palette colours whose text keeps 4.5:1 on a white card: MUI's info and warning do not.
const chipColor: Record<MessageStatus, ChipProps['color']> = {
  queued: 'default',
  sending: 'default',
  sent: 'success',
  failed: 'error',
  skipped: 'default',
};

function MessageRow({ message, collection }: { message: MessageDelivery; collection: LeadCollection }) {
  const retry = useRetryMessage(collection);
  const title = messageTitle(message);
  const note = messageNote(message);
  return (
    <Box component="li" sx={{ py: 0.75 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <Chip label={messageStatusLabels[message.status]} size="small" variant="outlined" color={chipColor[message.status]} />
          {message.status === 'failed' && (
            <Button
              size="small"
              variant="outlined"
              aria-label={`Retry ${title.charAt(0).toLowerCase()}${title.slice(1)}`}
              onClick={() => retry.mutate(message.id)}
              disabled={retry.isPending}
            >
              {retry.isPending ? 'Retrying...' : 'Retry'}
            </Button>
          )}
        </Stack>
      </Stack>
      {note && (
        <Typography variant="body2" color={message.status === 'failed' ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}

/** The emails and SMS about one lead and how far each got, with Retry for a failed one. */
export function LeadMessages({ messages, collection }: { messages: readonly MessageDelivery[]; collection: LeadCollection }) {
  // A heading, not a section landmark: every card has this part, and landmarks must be unique.
  return (
    <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h4" variant="subtitle2">
        Emails and SMS
      </Typography>
      {messages.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None were queued for this lead.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((message) => (
            <MessageRow key={message.id} message={message} collection={collection} />
          ))}
        </Box>
      )}
    </Box>
  );
}
