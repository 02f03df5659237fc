import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useDeliveryStatus } from '../api/delivery-status';
import { deliveryWarnings } from '../lib/delivery-warnings';

/** The dashboard's banner when leads may not be reaching people. Shows nothing while the status loads or when all is well. */
export function DeliveryWarning() {
  const { data } = useDeliveryStatus();
  const warnings = data ? deliveryWarnings(data) : [];
  if (!warnings.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {warnings.map(({ key, title, text }) => (
        <Alert key={key} severity="warning">
          <AlertTitle>{title}</AlertTitle>
          {text}
        </Alert>
      ))}
    </Stack>
  );
}
