/** Profile texts the SPEC does not quote. */
export const PROFILE_TEXT = {
  titleOwn: 'My Profile - {product}',
  titleOther: 'Profile - {product}',
  /** The phone bar's title on someone else's profile (their @name is the page heading just below). */
  profile: 'Profile',
  tabsLabel: 'Listings',
  coverAlt: 'Cover photo',
  photoAlt: 'Profile photo of {username}',
  photoAltUnknown: 'Profile photo',
  otherEmptyStore: 'Nothing for sale right now.',
  unknownUser: 'thrifter',
  stats: 'Profile numbers',
  editProfile: 'Edit profile',
  mobileMenu: 'Profile menu',
  listingsFailed: 'We could not load these listings. Please try again later.',
  confirmSold: '“{title}” will move to your sold items.',
  confirmAvailable: '“{title}” will go back on sale in your store.',
  cancel: 'Cancel',
  changePhoto: 'Change profile photo',
  changeCover: 'Change cover photo',
  uploading: 'Uploading…',
  loadingProfile: 'Loading profile',
  unknownCount: 'not known yet',
  locationLabel: 'Location',
  emailLabel: 'Email',
  profileFailed: 'We could not load this profile. Please try again later.',
  backToMarketplace: 'Go to marketplace',
} as const;

/** Edit-profile texts the SPEC does not quote. */
export const EDIT_PROFILE_TEXT = {
  title: 'Edit Profile - {product}',
  heading: 'edit profile',
  username: 'Username',
  email: 'Email',
  address: 'Address',
  save: 'save',
  saving: 'Saving…',
  close: 'Back to my profile',
  loading: 'Loading your profile',
} as const;
