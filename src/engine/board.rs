//! The board's small value types: a cell index and a 128-bit set of cells.
//!
//! The 10×10 board is numbered row-major, cell (i, j) = 10·i + j, and a set
//! of cells is a `Bits` (u128) whose bit k stands for cell k. Flood fills and
//! neighbourhoods are a few shifts and masks, which is what makes rollouts fast.

/// Side of the board (fixed by the problem).
pub const N: usize = 10;
/// Number of cells.
pub const CELLS: usize = N * N;
/// Most players a game can have.
pub const MAX_PLAYERS: usize = 8;

/// A cell index, 0..100, row-major.
pub type Cell = u8;
/// A set of cells, bit k for cell k.
pub type Bits = u128;

/// Every cell of the board.
pub const ALL: Bits = (1u128 << CELLS) - 1;

const fn column_mask(j: usize) -> Bits {
    let mut mask = 0u128;
    let mut i = 0;
    while i < N {
        mask |= 1u128 << (i * N + j);
        i += 1;
    }
    mask
}
const FIRST_COLUMN: Bits = column_mask(0);
const LAST_COLUMN: Bits = column_mask(N - 1);

/// The cell at row `i`, column `j`.
#[inline]
pub const fn cell(i: usize, j: usize) -> Cell {
    (i * N + j) as Cell
}

/// Row and column of a cell.
#[inline]
pub const fn coords(c: Cell) -> (usize, usize) {
    (c as usize / N, c as usize % N)
}

/// The one-cell set.
#[inline]
pub const fn bit(c: Cell) -> Bits {
    1u128 << c
}

/// Whether `c` is in `set`.
#[inline]
pub const fn has(set: Bits, c: Cell) -> bool {
    set >> c & 1 != 0
}

/// Cells 4-adjacent to some cell of `set` (may include cells of `set`).
#[inline]
pub const fn neighbours(set: Bits) -> Bits {
    let right = (set << 1) & !FIRST_COLUMN;
    let left = (set >> 1) & !LAST_COLUMN;
    let down = set << N;
    let up = set >> N;
    (right | left | down | up) & ALL
}

/// The cells 4-adjacent to `c`, from a table: one load instead of a
/// neighbourhood of a one-cell set (the scorers ask it for every cell they
/// value).
#[inline]
pub fn neighbours_of(c: Cell) -> Bits {
    NEIGHBOURS[c as usize]
}

const NEIGHBOURS: [Bits; CELLS] = {
    let mut table = [0; CELLS];
    let mut c = 0;
    while c < CELLS {
        table[c] = neighbours(bit(c as Cell));
        c += 1;
    }
    table
};

/// The cells 4-adjacent to `c`, as a list (2 to 4 cells): for counting
/// what stands around one cell without counting the bits of a set.
#[inline]
pub fn neighbour_cells(c: Cell) -> &'static [Cell] {
    let (list, len) = &NEIGHBOUR_LISTS[c as usize];
    &list[..*len as usize]
}

const NEIGHBOUR_LISTS: [([Cell; 4], u8); CELLS] = {
    let mut table = [([0; 4], 0); CELLS];
    let mut c = 0;
    while c < CELLS {
        let around = neighbours(bit(c as Cell));
        let mut k = 0;
        while k < CELLS {
            if has(around, k as Cell) {
                let (list, len) = &mut table[c];
                list[*len as usize] = k as Cell;
                *len += 1;
            }
            k += 1;
        }
        c += 1;
    }
    table
};

/// The cells of `within` connected to `seed` by 4-neighbour steps inside
/// `within` (`seed` itself must lie in `within`).
#[inline]
pub fn flood(seed: Bits, within: Bits) -> Bits {
    let mut region = seed;
    loop {
        let grown = (region | neighbours(region)) & within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The cells of a set, in increasing order.
#[inline]
pub fn cells(set: Bits) -> CellIter {
    CellIter {
        low: set as u64,
        high: (set >> 64) as u64,
    }
}

/// Iterator over the cells of a set, one 64-bit half after the other: the
/// lowest bit of a 64-bit word is one instruction, of a 128-bit one a test
/// and a choice between two.
#[derive(Clone, Copy)]
pub struct CellIter {
    low: u64,
    high: u64,
}

impl Iterator for CellIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.low != 0 {
            let c = self.low.trailing_zeros() as Cell;
            self.low &= self.low - 1;
            Some(c)
        } else if self.high != 0 {
            let c = 64 + self.high.trailing_zeros() as Cell;
            self.high &= self.high - 1;
            Some(c)
        } else {
            None
        }
    }
}

/// The four neighbours of a cell in the judge's order (right, down, left,
/// up), those that exist. Returns the count written into `out`.
#[inline]
pub fn ordered_neighbours(c: Cell, out: &mut [Cell; 4]) -> usize {
    let (i, j) = coords(c);
    let mut k = 0;
    if j + 1 < N {
        out[k] = c + 1;
        k += 1;
    }
    if i + 1 < N {
        out[k] = c + N as Cell;
        k += 1;
    }
    if j > 0 {
        out[k] = c - 1;
        k += 1;
    }
    if i > 0 {
        out[k] = c - N as Cell;
        k += 1;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_do_not_wrap_around_rows() {
        let right_edge = bit(cell(3, 9));
        let n = neighbours(right_edge);
        assert!(!has(n, cell(4, 0)), "right edge must not wrap to next row");
        assert_eq!(n.count_ones(), 3);
        let left_edge = bit(cell(3, 0));
        assert!(!has(neighbours(left_edge), cell(2, 9)));
        assert_eq!(neighbours(bit(cell(0, 0))).count_ones(), 2);
        assert_eq!(neighbours(bit(cell(9, 9))).count_ones(), 2);
        assert_eq!(neighbours(bit(cell(5, 5))).count_ones(), 4);
        for c in 0..CELLS as Cell {
            assert_eq!(neighbours_of(c), neighbours(bit(c)));
            let listed = neighbour_cells(c).iter().fold(0, |set, &n| set | bit(n));
            assert_eq!(listed, neighbours(bit(c)));
            assert_eq!(neighbour_cells(c).len() as u32, listed.count_ones());
        }
    }

    #[test]
    fn flood_stays_inside_the_region() {
        // Two separate blobs: the flood from one must not reach the other.
        let a = bit(cell(0, 0)) | bit(cell(0, 1)) | bit(cell(1, 1));
        let b = bit(cell(5, 5)) | bit(cell(5, 6));
        assert_eq!(flood(bit(cell(0, 0)), a | b), a);
        assert_eq!(flood(bit(cell(5, 6)), a | b), b);
    }

    #[test]
    fn ordered_neighbours_follow_right_down_left_up() {
        let mut out = [0; 4];
        let k = ordered_neighbours(cell(4, 4), &mut out);
        assert_eq!(&out[..k], &[cell(4, 5), cell(5, 4), cell(4, 3), cell(3, 4)]);
        let k = ordered_neighbours(cell(0, 9), &mut out);
        assert_eq!(&out[..k], &[cell(1, 9), cell(0, 8)]);
    }

    #[test]
    fn cells_iterates_in_order() {
        let set = bit(3) | bit(64) | bit(99);
        assert_eq!(cells(set).collect::<Vec<_>>(), vec![3, 64, 99]);
    }
}
