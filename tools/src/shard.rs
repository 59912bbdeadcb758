//! `--shard K/N` (eval, selfplay): a run's cases split into N disjoint
//! slices by case number, so that machines can each run one and any one can
//! be run again alone; `eval --merge` puts the slices' rows back together
//! (tools/src/eval/command.rs). A case's number is its seed (`--seeds`) or
//! its place in name order (`--dir`), counted from 0; slice K (1 to N) has
//! the numbers n with n mod N = K - 1, so that every slice gets cases from
//! the whole range alike.

/// The K-th of N slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1 to `n`.
    pub k: u64,
    pub n: u64,
}

/// Slices a run is split into at most: far more than machines anyone has.
pub const MAX_SHARDS: u64 = 1_000_000;

impl Shard {
    /// Whether case number `number` is in this slice.
    pub fn has(self, number: u64) -> bool {
        number % self.n == self.k - 1
    }
}

/// `K/N` with 1 ≤ K ≤ N ≤ [`MAX_SHARDS`] (clap's value parser).
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let expected = || {
        format!(
            "expected K/N, the K-th of N slices with 1 <= K <= N <= {MAX_SHARDS} (as 2/4), \
             got {text:?}"
        )
    };
    let (k, n) = text.split_once('/').ok_or_else(expected)?;
    let number = |s: &str| s.trim().parse::<u64>().map_err(|_| expected());
    let (k, n) = (number(k)?, number(n)?);
    if !(1..=n).contains(&k) || n > MAX_SHARDS {
        return Err(expected());
    }
    Ok(Shard { k, n })
}

/// The items of `shard` (all of them without one), `number` giving each
/// item's case number from its place and itself.
pub fn select<T>(shard: Option<Shard>, items: Vec<T>, number: impl Fn(usize, &T) -> u64) -> Vec<T> {
    let Some(shard) = shard else {
        return items;
    };
    (items.into_iter().enumerate())
        .filter(|(place, item)| shard.has(number(*place, item)))
        .map(|(_, item)| item)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_are_disjoint_and_cover_the_cases() {
        let cases: Vec<u64> = (7..30).collect();
        let mut all: Vec<u64> = (1..=4)
            .flat_map(|k| select(Some(Shard { k, n: 4 }), cases.clone(), |_, &c| c))
            .collect();
        all.sort();
        assert_eq!(all, cases);
        assert_eq!(select(None, cases.clone(), |_, &c| c), cases);
    }

    #[test]
    fn k_over_n_is_checked() {
        assert_eq!(parse_shard("2/4"), Ok(Shard { k: 2, n: 4 }));
        assert_eq!(parse_shard("1/1"), Ok(Shard { k: 1, n: 1 }));
        for bad in ["0/4", "5/4", "-1/4", "1/0", "2", "a/b", "1/2000000", ""] {
            let error = parse_shard(bad).unwrap_err();
            assert!(error.contains("1 <= K <= N"), "{bad}: {error}");
        }
    }
}
