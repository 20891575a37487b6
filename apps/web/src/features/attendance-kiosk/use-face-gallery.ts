import { FACE_MODEL, type FaceGalleryEntry, type KioskFaces } from '@batchwise/domain';
import { openDB } from 'idb';
import { useEffect, useState } from 'react';
import { fetchKioskFaces } from './kiosk-api';

/** The account's registered faces as the kiosk matches them (descriptors as Float32Array). */
export interface FaceGallery {
  threshold: number;
  version: string;
  people: (FaceGalleryEntry & { name: string; photoUrl: string | null })[];
}

/** How often a kiosk in face mode asks for registrations made since (and after it is back online). */
const REFRESH_MS = 5 * 60_000;
const DB_NAME = 'batchwise-kiosk-faces';

function galleryOf(faces: KioskFaces): FaceGallery {
  return {
    threshold: faces.threshold,
    version: faces.version,
    people: faces.people.map((p) => ({ ...p, descriptors: p.descriptors.map((d) => Float32Array.from(d)) })),
  };
}

const openStore = () =>
  openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('galleries');
    },
  });

/**
 * The face set of the kiosk's account, kept in IndexedDB so face mode works offline like the
 * punch queue: the stored copy is used at once, a fresh one replaces it whenever the server
 * answers (on load, every five minutes, on coming back online). A kiosk whose model differs from
 * the registrations' never matches against them.
 */
export function useFaceGallery(deviceKey: string, enabled: boolean) {
  const [gallery, setGallery] = useState<FaceGallery | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const store = openStore().catch(() => null);
    void store.then(async (db) => {
      const kept = (await db?.get('galleries', deviceKey).catch(() => undefined)) as FaceGallery | undefined;
      if (kept && !cancelled) setGallery((current) => current ?? kept);
    });
    const refresh = async () => {
      try {
        const faces = await fetchKioskFaces(deviceKey);
        if (cancelled || faces.model !== FACE_MODEL) return;
        const fresh = galleryOf(faces);
        setGallery(fresh);
        await (await store)?.put('galleries', fresh, deviceKey).catch(() => undefined);
      } catch {
        // Offline or the server is busy: the kept copy goes on working.
      }
    };
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    window.addEventListener('online', refresh);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('online', refresh);
    };
  }, [deviceKey, enabled]);
  return gallery;
}
