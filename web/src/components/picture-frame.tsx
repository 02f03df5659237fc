import Box, { type BoxProps } from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

interface PictureFrameProps extends Omit<BoxProps, 'sx'> {
  width: number;
  height: number;
  sx?: Record<string, unknown>;
}

/** A small picture's frame, in the site's stone colour until the picture shows; a stand-in icon sits in its middle. */
export function PictureFrame({ width, height, sx, children, ...props }: PictureFrameProps) {
  return (
    <Box
      {...props}
      sx={{
        width,
        height,
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: '#ece7df',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        ...sx,
      }}
    >
      {children}
    </Box>
  );
}

const fillSx: SxProps<Theme> = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' };

/** The picture in a frame, filling it. */
export function FramePicture(props: Omit<BoxProps<'img'>, 'component' | 'sx'>) {
  return <Box component="img" {...props} sx={fillSx} />;
}
