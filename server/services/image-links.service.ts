/**
 * Image links (imsec; issue 17 part 4; spec 3 "Image viewer response", 4
 * "Image viewer"). A code is 192 random bits in base64url, stored only as
 * its SHA-256. An unknown code, a code of another repository and an expired
 * link all answer EXPIRED with the provider's redirect URL, so a guess
 * learns nothing (spec 4: EXPIRED goes to redirectUrl). An ACTIVE link
 * answers the viewer URL with a fresh viewer token (null when the study has
 * no images: 'images not available'), the referrer's preference and pacsUrl.
 */
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_REPOSITORY_SOURCE,
  VIEWER_PAGE_PATH,
  type GeneratedImageLink,
  type ImageViewerResponse,
  type ViewerToken,
} from '../../src/contract/imaging.js';
import { viewerHash } from '../../src/domain/imaging/viewer-url.js';
import type { Db } from '../db/db.js';
import {
  imageLinkByHash,
  insertImageLink,
  referrerPreference,
  touchImageLink,
  type ImageLinkRow,
} from '../db/image-links.repo.js';
import {
  markReferrerOpened,
  studyByAccession,
  studyById,
  type StudyRow,
} from '../db/imaging.repo.js';
import { secretHash } from '../db/secrets.js';
import { readSetting } from '../db/settings.repo.js';
import type { ResultsRelease } from './results-release.js';
import type { ViewerTokens } from './viewer-token.js';

/** Provider settings of the section 'imaging' (provider_settings). */
export interface ImagingSettings {
  /**
   * An external viewer (OHIF, Orthanc Stone, a PACS web viewer): placeholders
   * {studyInstanceUid}, {accessionNumber}, {token}, {dicomWebRoot} (absolute),
   * each URL-encoded. Null: the portal's own viewer page.
   */
  viewerUrlTemplate: string | null;
  /** Where EXPIRED (and unknown) links go; a path is taken relative to PUBLIC_URL. */
  expiredLinkRedirectUrl: string;
  /**
   * External radiologists who may open any image link's images after signing
   * in (POST /api/image_viewer/direct): e-mail addresses, or '@domain' for a
   * whole reporting group. The study's referrer may always.
   */
  externalRadiologists: string[];
}

export const IMAGING_SETTINGS = 'imaging';
export const DEFAULT_IMAGING_SETTINGS: ImagingSettings = {
  viewerUrlTemplate: null,
  expiredLinkRedirectUrl: '/referrer-access',
  externalRadiologists: [],
};

export async function readImagingSettings(db: Db): Promise<ImagingSettings> {
  const stored = (await readSetting(db, IMAGING_SETTINGS)) as Partial<ImagingSettings> | undefined;
  return { ...DEFAULT_IMAGING_SETTINGS, ...stored };
}

export interface LinkLookup {
  link: ImageLinkRow | undefined;
  study: StudyRow | undefined;
}

export interface ImageLinkDeps {
  clock: () => Date;
  publicUrl: string;
  linkDays: number;
  tokens: ViewerTokens;
  release: ResultsRelease;
}

const absolute = (publicUrl: string, url: string) => new URL(url, `${publicUrl}/`).toString();

export function createImageLinkService(db: Db, deps: ImageLinkDeps) {
  const { clock, publicUrl, tokens } = deps;

  const settings = () => readImagingSettings(db);

  /**
   * The link when the code is one of ours (of this repository), else
   * undefined; its study only while the link is ACTIVE. An expired link
   * costs the same one query as an unknown code, so the time of the answer
   * does not tell them apart either.
   */
  async function find(input: string, repositorySource?: string): Promise<LinkLookup> {
    const link = /^[A-Za-z0-9_-]{22,64}$/.test(input)
      ? await imageLinkByHash(db, secretHash(input), clock())
      : undefined;
    if (!link || (repositorySource && repositorySource !== link.repositorySource))
      return { link: undefined, study: undefined };
    if (link.status === 'EXPIRED') return { link, study: undefined };
    return { link, study: await studyById(db, link.studyId) };
  }

  /** The viewer URL of a study with a fresh token, or null without images. */
  async function viewerUrl(study: StudyRow, audience: string): Promise<string | null> {
    if (study.instanceCount === 0) return null;
    const token = await tokens.issue(study.studyInstanceUid, audience);
    const root = absolute(publicUrl, token.dicomWebRoot);
    const template = (await settings()).viewerUrlTemplate;
    const values: Record<string, string> = {
      studyInstanceUid: study.studyInstanceUid,
      accessionNumber: study.accessionNumber,
      token: token.token,
      dicomWebRoot: root,
    };
    if (template)
      return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in values ? encodeURIComponent(values[name]!) : whole,
      );
    // In the fragment (src/domain/imaging/viewer-url.ts): a framed or opened viewer page
    // sends its token in no request line and no Referer, so no proxy log holds it.
    const url = new URL(VIEWER_PAGE_PATH, `${publicUrl}/`);
    url.hash = viewerHash({ dicomweb: root, study: study.studyInstanceUid, token: token.token });
    return url.toString();
  }

  /** The referrer opened the results: recorded once, and the release rule may release them now. */
  async function opened(link: ImageLinkRow): Promise<void> {
    const now = clock();
    await touchImageLink(db, link.id, now);
    if (await markReferrerOpened(db, link.studyId, now))
      await deps.release.releaseDue(now, link.studyId);
  }

  return {
    find,
    viewerUrl,

    async lookup(
      input: string,
      repositorySource?: string,
    ): Promise<LinkLookup & { answer: ImageViewerResponse }> {
      const found = await find(input, repositorySource);
      const { link, study } = found;
      if (!link || !study || link.status === 'EXPIRED') {
        const redirectUrl = absolute(publicUrl, (await settings()).expiredLinkRedirectUrl);
        return {
          ...found,
          answer: {
            url: null,
            imageViewerLinkStatus: 'EXPIRED',
            redirectUrl,
            preference: 'VIEWER',
            pacsUrl: null,
          },
        };
      }
      await opened(link);
      const pacsUrl =
        link.preference === 'PACS' && link.pacsUrl
          ? link.pacsUrl.replace('{accessionNumber}', encodeURIComponent(study.accessionNumber))
          : null;
      return {
        ...found,
        answer: {
          url: await viewerUrl(study, `imsec:${link.id}`),
          imageViewerLinkStatus: 'ACTIVE',
          redirectUrl: link.redirectUrl && absolute(publicUrl, link.redirectUrl),
          preference: pacsUrl ? 'PACS' : 'VIEWER',
          pacsUrl,
        },
      };
    },

    /** A fresh viewer token for an ACTIVE link's study; undefined otherwise (or without images). */
    async token(
      input: string,
      repositorySource?: string,
    ): Promise<LinkLookup & { token?: ViewerToken }> {
      const found = await find(input, repositorySource);
      if (
        !found.link ||
        !found.study ||
        found.link.status === 'EXPIRED' ||
        found.study.instanceCount === 0
      )
        return found;
      return {
        ...found,
        token: await tokens.issue(found.study.studyInstanceUid, `imsec:${found.link.id}`),
      };
    },

    /** A new link for an accession (staff); undefined when there is no such study. */
    async generate(
      accessionNumber: string,
      repositorySource: string | undefined,
      createdBy: string,
    ): Promise<(GeneratedImageLink & { study: StudyRow }) | undefined> {
      const source = repositorySource ?? DEFAULT_REPOSITORY_SOURCE;
      const study = await studyByAccession(db, accessionNumber, source);
      if (!study) return undefined;
      const imsec = randomBytes(24).toString('base64url');
      const expiresAt = new Date(clock().getTime() + deps.linkDays * 86_400_000);
      const preference = await referrerPreference(db, study.referrerId);
      await insertImageLink(db, {
        codeHash: secretHash(imsec),
        studyId: study.id,
        expiresAt,
        preference: preference.preference,
        pacsUrl: preference.pacsUrl,
        redirectUrl: null,
        repositorySource: source,
        referrerId: study.referrerId,
        createdBy,
      });
      const quickReportUrl = new URL('/referrer/quick-report', `${publicUrl}/`);
      quickReportUrl.searchParams.set('imsec', imsec);
      if (source !== DEFAULT_REPOSITORY_SOURCE)
        quickReportUrl.searchParams.set('repositorySource', source);
      return {
        imsec,
        accessionNumber,
        imageViewerLinkStatus: 'ACTIVE',
        expiresAt: expiresAt.toISOString(),
        quickReportUrl: quickReportUrl.toString(),
        study,
      };
    },
  };
}

export type ImageLinkService = ReturnType<typeof createImageLinkService>;
