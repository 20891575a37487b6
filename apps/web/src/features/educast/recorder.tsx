import { Alert, Button, Card, Input, Segmented, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockOf } from '../../lib/duration-clock';
import { translateError } from '../../lib/translate-error';
import { type Capture, CaptureError, canShareScreen, type EducastSource, openCapture } from './capture';
import styles from './educast.module.css';
import { useEducastRecorder } from './use-educast-recorder';

function Preview({ stream, label }: { stream: MediaStream; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      className={styles.preview}
      autoPlay
      muted
      playsInline
      aria-label={label}
      data-testid="educast-preview"
    />
  );
}

/**
 * The recorder: choose what to record, see it, then Start, Pause and Stop with the elapsed time.
 * The recording goes to the server while it is made (use-educast-recorder.ts).
 */
export function Recorder({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['educast', 'domain', 'errors']);
  const screens = canShareScreen();
  const [source, setSource] = useState<EducastSource>('camera');
  const [title, setTitle] = useState('');
  const [capture, setCapture] = useState<Capture>();
  const [problem, setProblem] = useState<string>();
  const [opening, setOpening] = useState(false);
  const cameraRef = useRef<HTMLDivElement>(null);
  const recorder = useEducastRecorder(accountId);
  const { phase, stop } = recorder;

  useEffect(() => () => capture?.stop(), [capture]);
  // The capture ends with the recording; a screen share the browser ended stops it too.
  useEffect(() => {
    if (phase === 'done') setCapture(undefined);
  }, [phase]);
  useEffect(() => {
    const track = capture?.stream.getVideoTracks()[0];
    if (!track) return;
    const ended = () => (phase === 'recording' || phase === 'paused' ? stop() : setCapture(undefined));
    track.addEventListener('ended', ended);
    return () => track.removeEventListener('ended', ended);
  }, [capture, phase, stop]);

  const handleOpen = async () => {
    setProblem(undefined);
    setOpening(true);
    try {
      setCapture(await openCapture(source));
    } catch (error) {
      setProblem(error instanceof CaptureError ? error.problem : 'unsupported');
    } finally {
      setOpening(false);
    }
  };

  const handleStart = () => {
    if (!capture) return;
    // The camera floats over the shared screen; asked for first, while the click still counts.
    const camera = cameraRef.current?.querySelector('video');
    if (capture.camera && camera && document.pictureInPictureEnabled) {
      camera.requestPictureInPicture().catch(() => undefined);
    }
    recorder.start(capture.stream, source, title.trim() || undefined).catch(() => setProblem('start'));
  };

  const active = phase === 'recording' || phase === 'paused' || phase === 'stopping';
  return (
    <Card size="small">
      <div className={styles.stack}>
        <div className={styles.field}>
          <span>{t('record.source')}</span>
          <Segmented
            block
            value={source}
            disabled={capture !== undefined}
            onChange={(value) => setSource(value as EducastSource)}
            options={[
              { value: 'camera', label: t('record.camera') },
              { value: 'screen', label: t('record.screen'), disabled: !screens },
              { value: 'screen-camera', label: t('record.screenCamera'), disabled: !screens },
            ]}
          />
          {!screens && <span>{t('record.noScreenHere')}</span>}
        </div>
        {problem && (
          <Alert
            type="error"
            showIcon
            data-testid="educast-capture-error"
            message={t(`capture.${problem}`)}
          />
        )}
        {recorder.error !== undefined && (
          <Alert type={active ? 'warning' : 'error'} showIcon message={translateError(t, recorder.error)} />
        )}
        {capture ? (
          <>
            <Preview stream={capture.stream} label={t('record.preview')} />
            {capture.camera && (
              <div ref={cameraRef}>
                <Preview stream={capture.camera} label={t('record.cameraPreview')} />
              </div>
            )}
          </>
        ) : (
          phase !== 'done' && (
            <Button type="primary" block loading={opening} onClick={handleOpen} data-testid="educast-open">
              {t(source === 'camera' ? 'record.openCamera' : 'record.openScreen')}
            </Button>
          )
        )}
        {capture && phase === 'idle' && (
          <div className={styles.row}>
            <Input
              className={styles.grow}
              value={title}
              maxLength={120}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={t('record.titlePlaceholder')}
              aria-label={t('record.titlePlaceholder')}
            />
            <Button type="primary" danger onClick={handleStart} data-testid="educast-start">
              {t('record.start')}
            </Button>
          </div>
        )}
        {active && (
          <div className={styles.row}>
            <Tag color={phase === 'recording' ? 'red' : 'default'}>{t(`record.phase.${phase}`)}</Tag>
            <span className={styles.clock} data-testid="educast-elapsed">
              {clockOf(recorder.elapsedMs)}
            </span>
            <span className={styles.grow}>
              {recorder.waiting > 0 && t('record.waiting', { n: recorder.waiting })}
            </span>
            {phase === 'recording' && <Button onClick={recorder.pause}>{t('record.pause')}</Button>}
            {phase === 'paused' && <Button onClick={recorder.resume}>{t('record.resume')}</Button>}
            <Button
              type="primary"
              onClick={recorder.stop}
              loading={phase === 'stopping'}
              data-testid="educast-stop"
            >
              {t('record.stop')}
            </Button>
          </div>
        )}
        {phase === 'done' && recorder.educast && (
          <Alert
            type="success"
            showIcon
            data-testid="educast-saved"
            message={t('record.saved', {
              title: recorder.educast.title,
              length: clockOf(recorder.educast.durationMs),
            })}
            action={
              <Button type="primary" href="/control-educast">
                {t('record.toControl')}
              </Button>
            }
          />
        )}
      </div>
    </Card>
  );
}
