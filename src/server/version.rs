//! The protocol versions this server speaks, as one closed set with their order: so "this
//! version or later" is a comparison the compiler checks, never a comparison of strings.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// A protocol version. The variants are declared oldest first, so the derived order is the
/// versions' order in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProtocolVersion {
    /// The first published version.
    V2024_11_05,
    /// Tool `annotations`, batches.
    V2025_03_26,
    /// `title`, `outputSchema` and `structuredContent`; no batches.
    V2025_06_18,
    /// The newest session-based version.
    V2025_11_25,
    /// Stateless: the version named in each request's `_meta`.
    V2026_07_28,
}

impl ProtocolVersion {
    /// Every version this server speaks, newest first (as `supportedVersions` lists them).
    pub(crate) const ALL: [ProtocolVersion; 5] = [
        ProtocolVersion::V2026_07_28,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_03_26,
        ProtocolVersion::V2024_11_05,
    ];

    /// The newest version `initialize` can agree on: what a legacy session gets when it asks for
    /// one we do not speak, and what a request before `initialize` is served as.
    pub(crate) const NEWEST_LEGACY: ProtocolVersion = ProtocolVersion::V2025_11_25;

    /// The version as written on the wire.
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V2024_11_05 => "2024-11-05",
            ProtocolVersion::V2025_03_26 => "2025-03-26",
            ProtocolVersion::V2025_06_18 => "2025-06-18",
            ProtocolVersion::V2025_11_25 => "2025-11-25",
            ProtocolVersion::V2026_07_28 => "2026-07-28",
        }
    }
}

/// A version string this server does not speak.
#[derive(Debug, PartialEq, Eq)]
pub struct UnknownVersion;

impl FromStr for ProtocolVersion {
    type Err = UnknownVersion;

    fn from_str(s: &str) -> Result<ProtocolVersion, UnknownVersion> {
        ProtocolVersion::ALL.into_iter().find(|v| v.as_str() == s).ok_or(UnknownVersion)
    }
}

impl fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ProtocolVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_the_order_in_time_and_strings_round_trip() {
        for pair in ProtocolVersion::ALL.windows(2) {
            assert!(pair[0] > pair[1], "{pair:?}");
            // Dates written YYYY-MM-DD order as strings too: the two orders agree.
            assert!(pair[0].as_str() > pair[1].as_str(), "{pair:?}");
        }
        for v in ProtocolVersion::ALL {
            assert_eq!(v.to_string().parse(), Ok(v));
        }
        assert_eq!("2025-11-26".parse::<ProtocolVersion>(), Err(UnknownVersion));
        assert!(ProtocolVersion::NEWEST_LEGACY < ProtocolVersion::V2026_07_28);
    }
}
