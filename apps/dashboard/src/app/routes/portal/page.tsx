import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type CSSProperties } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { portalApi, portalToken, setPortalToken } from '@/features/portal/api/portal-client';
import { PortalFrame } from '@/features/portal/components/portal-frame';
import { PortalHome } from '@/features/portal/components/portal-home';
import { PortalSignIn } from '@/features/portal/components/portal-sign-in';
import { useDocumentTitle } from '@/lib/use-document-title';

const route = getRouteApi('/portal/$publicId');

export function PortalPage() {
  const { publicId } = route.useParams();
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => portalToken(publicId) !== null);
  const branding = useQuery({
    queryKey: ['portal', publicId, 'branding'],
    queryFn: () => portalApi.branding(publicId),
    retry: false,
  });
  useDocumentTitle(branding.data?.name ?? 'Customer page');
  if (branding.error) {
    return (
      <PortalFrame>
        <ErrorAlert error={branding.error} title="This page is not available" />
      </PortalFrame>
    );
  }
  if (!branding.data) return <PortalFrame>{null}</PortalFrame>;
  const accent = {
    '--primary': branding.data.accentColor,
    '--primary-hover': branding.data.accentColor,
  } as CSSProperties;
  return (
    <PortalFrame branding={branding.data} style={accent}>
      {signedIn ? (
        <PortalHome
          publicId={publicId}
          onSignedOut={() => {
            setPortalToken(publicId, null);
            queryClient.removeQueries({ queryKey: ['portal', publicId, 'me'] });
            setSignedIn(false);
          }}
        />
      ) : (
        <PortalSignIn publicId={publicId} branding={branding.data} onSignedIn={() => setSignedIn(true)} />
      )}
    </PortalFrame>
  );
}
