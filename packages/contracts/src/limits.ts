/** Every business constant of spec section 9, named once. */
export const LIMITS = {
  inactivityTimeoutMs: 5 * 60 * 1000,
  inactivityWarningSeconds: 30,
  cookieConsentDays: 365,
  bannerIntervalMs: 3000,
  headerTransparentAfterPx: 100,
  imageMaxBytes: 3 * 1024 * 1024,
  imageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  loginUserMax: 11,
  recoveryCodeLength: 6,
  recoveryCodeTtlMinutes: 15,
  recoveryCodeMaxAttempts: 5,
  answerTextMax: 1000,
  purchaseSearchMax: 35,
  filterInputMax: 15,
  userNameMax: 55,
  employeeNameMax: 45,
  cpfDigits: 11,
  userRegistrationMax: 4,
  employeeRegistrationMask: 3,
  passwordMin: 6,
  passwordMax: 128,
  /** Longest plain text field accepted anywhere unless a module sets a smaller one. */
  textMax: 5000,
  quoteManagerApprovalMaxBrl: 500,
  toastMs: 5000,
  ticketToastMs: 3000,
  deniedStatus: 10,
  dismissalDirectorSkipDays: 90,
  contractThresholdDate: '2023-11-01',
  rootFolderId: 1,
  publicFolderId: 2,
  otMinLength: 6,
  operationSlots: 4,
  /** A phone video of a process (issue 13: a 300 MB video is usual; the bench sends 1 GiB). */
  operationVideoMaxBytes: 2 * 1024 * 1024 * 1024,
  /** A phone photo: the 3 MB of §9 is for profile and notice images; a camera photo is bigger. */
  operationImageMaxBytes: 25 * 1024 * 1024,
  /** Unfinished resumable uploads are dropped after this long. */
  operationUploadExpiryHours: 24,
  /** Unfinished resumable uploads one person holds at once (issue 31: 200 of them filled the disk). */
  operationUploadsInFlightMax: 10,
  /** Bytes one person's unfinished uploads declare together: three longest videos and photos fit. */
  operationUploadBytesInFlightMax: 8 * 1024 * 1024 * 1024,
  calendarCells: 42,
  policyVersion: '2025-07-07',
  policyVersionLabel: '07/07/2025',
  policyAcceptedValue: 1,
  sessionTtlHours: 12,
  /** A session unused this long is dead even before its expiry. */
  sessionIdleHours: 2,
  // Calendar (decision 0054)
  eventTitleMax: 100,
  /** A vacation scheduled at once: the 30 days of the CLT. */
  vacationMaxDays: 30,
  /** The longest range one calendar read covers. */
  calendarRangeMaxDays: 366,
  /** People listed at once by the employee picker and the invite table (a search narrows them). */
  calendarPeopleMax: 50,
  /** The iCalendar feed covers this many days back and ahead of today. */
  calendarFeedPastDays: 90,
  calendarFeedFutureDays: 400,
  /**
   * Invitations one person sends (each newly invited person, also after a withdrawal), within a
   * rolling hour and a rolling day (issue 31, finding 6: each one may send an e-mail).
   */
  calendarInvitesPerHour: 40,
  calendarInvitesPerDay: 120,
  /** People invited to one event at most (an event for everyone is a company event). */
  calendarEventInviteesMax: 50,
  /**
   * A list counts its matching rows up to this many, on its first page only ("mais de 1.000"): the
   * count reads that many index entries on every first page (decision 0018).
   */
  listTotalCap: 1_000,
} as const;
