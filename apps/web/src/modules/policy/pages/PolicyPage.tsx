import { Box } from '@mantine/core';
import { Navigate } from 'react-router';
import { useUser } from '../../../platform/session.tsx';
import { PolicyAcceptance } from '../components/PolicyAcceptance.tsx';

/** /politica-uso: the acceptance screen inside the layout; once accepted, back to the start. */
export function PolicyPage() {
  const user = useUser();
  if (user.policyAccepted === 1) return <Navigate to="/" replace />;
  return (
    <Box maw={960} mx="auto">
      <PolicyAcceptance />
    </Box>
  );
}
