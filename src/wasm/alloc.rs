//! The wasm build's allocator, in place of std's dlmalloc (about 8 KB of code for a general heap
//! this layer does not need). What allocates here: the scratch buffers (a few, growing to the
//! largest piece), streaming decoder and encoder boxes (small, many), and the tables and reverse
//! maps the core expands once. So: small blocks in power-of-two classes on free lists, big blocks
//! with a size header, reused best-fit, and a bump region on top that grows the memory.

use super::buffers::Global;
use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::ptr::null_mut;

const PAGE: usize = 65536;
/// Every block is aligned to this; larger alignments are refused (nothing here asks for one).
const ALIGN: usize = 16;
/// Small classes hold 16 << k bytes, up to 32 KiB; bigger blocks are "large".
const CLASSES: usize = 12;
const LARGE_HEADER: usize = ALIGN;

struct Heap {
    /// Free small blocks per class: the first word of a free block links to the next.
    small: [usize; CLASSES],
    /// Free large blocks: word 0 is the block's size (header included), word 1 the next block.
    large: usize,
    /// The bump region is `top..end`.
    top: usize,
    end: usize,
}

static HEAP: Global<Heap> = Global::new(Heap {
    small: [0; CLASSES],
    large: 0,
    top: 0,
    end: 0,
});

pub struct Allocator;

fn class(size: usize) -> usize {
    (size.max(ALIGN) - 1).ilog2() as usize + 1 - ALIGN.ilog2() as usize
}

/// The word at address `at` (of this heap's blocks), to read or write in an `unsafe` caller.
fn word(at: usize) -> *mut usize {
    at as *mut usize
}

impl Heap {
    /// `size` bytes (a multiple of ALIGN) from the bump region, growing the memory if needed.
    fn bump(&mut self, size: usize) -> usize {
        if self.end == 0 {
            self.top = wasm32::memory_size(0) * PAGE;
            self.end = self.top;
        }
        if self.end - self.top < size {
            // By an eighth of the memory at least: each growth is slow however small (about a
            // millisecond in V8; wasm2js copies the whole heap), and many small blocks (a
            // detector's each) would otherwise grow it every few blocks. Near the limit, by what
            // is needed only.
            let needed = (size - (self.end - self.top)).div_ceil(PAGE);
            let mut pages = needed.max(wasm32::memory_size(0) / 8);
            if wasm32::memory_grow(0, pages) == usize::MAX {
                if pages == needed || wasm32::memory_grow(0, needed) == usize::MAX {
                    return 0;
                }
                pages = needed;
            }
            self.end += pages * PAGE;
        }
        let at = self.top;
        self.top += size;
        at
    }

    /// A block of class `k`: the head of its free list, else a new one.
    ///
    /// # Safety
    ///
    /// The free lists hold only blocks this heap made and that are free (their first word links).
    unsafe fn alloc_small(&mut self, k: usize) -> usize {
        let head = self.small[k];
        if head != 0 {
            // SAFETY: `head` is a free block of this heap (the contract), whose first word links.
            self.small[k] = unsafe { *word(head) };
            return head;
        }
        self.bump(ALIGN << k)
    }

    /// A large block with room for `size` bytes after its header: the smallest free one that
    /// fits, else a new one.
    ///
    /// # Safety
    ///
    /// As [`Heap::alloc_small`]: the large list holds only free large blocks of this heap.
    unsafe fn alloc_large(&mut self, size: usize) -> usize {
        let need = size.next_multiple_of(ALIGN) + LARGE_HEADER;
        let (mut best, mut best_prev, mut prev, mut at) = (0, 0, 0, self.large);
        while at != 0 {
            // SAFETY: `at` and `best` are free large blocks of this heap (the contract): their
            // header's first word is the size, the second links.
            let (block, next) = unsafe { (*word(at), *word(at + 4)) };
            // SAFETY: as above (`best` is read only once it is a block).
            let better = block >= need && (best == 0 || block < unsafe { *word(best) });
            if better {
                (best, best_prev) = (at, prev);
            }
            (prev, at) = (at, next);
        }
        if best != 0 {
            // SAFETY: `best` and `best_prev` are free large blocks of this heap, as above.
            unsafe {
                let next = *word(best + 4);
                if best_prev == 0 {
                    self.large = next;
                } else {
                    *word(best_prev + 4) = next;
                }
            }
            return best + LARGE_HEADER;
        }
        let block = self.bump(need);
        if block == 0 {
            return 0;
        }
        // SAFETY: `bump` just gave this heap `need` bytes at `block`, more than its header.
        unsafe { *word(block) = need };
        block + LARGE_HEADER
    }

    /// Gives back the large block at `ptr`, to the bump region if it is on top.
    ///
    /// # Safety
    ///
    /// `ptr` is a live block that `alloc_large` returned, given back once.
    unsafe fn free_large(&mut self, ptr: usize) {
        let block = ptr - LARGE_HEADER;
        // SAFETY: `ptr` is a live large block (the contract): its header is this heap's.
        unsafe {
            if block + *word(block) == self.top {
                self.top = block;
            } else {
                *word(block + 4) = self.large;
                self.large = block;
            }
        }
    }
}

fn is_small(layout: &Layout) -> bool {
    layout.size() <= ALIGN << (CLASSES - 1)
}

// SAFETY: blocks are ALIGN-aligned and at least as large as asked (alignments over ALIGN are
// refused with null), never handed out twice while live (a block is on a free list only once
// freed), and the memory only grows, so every block stays valid until it is freed.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() > ALIGN {
            return null_mut();
        }
        // SAFETY: the heap's one borrow: the allocator is not re-entered while it is in use (realloc's
        // alloc and dealloc come after its last use).
        let heap = unsafe { HEAP.get() };
        // SAFETY: the free lists hold only free blocks of this heap: `dealloc` links only blocks
        // it was given back, once each (GlobalAlloc's contract).
        let at = unsafe {
            if is_small(&layout) {
                heap.alloc_small(class(layout.size()))
            } else {
                heap.alloc_large(layout.size())
            }
        };
        at as *mut u8
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the heap's one borrow: the allocator is not re-entered while it is in use (realloc's
        // alloc and dealloc come after its last use).
        let heap = unsafe { HEAP.get() };
        // SAFETY: `ptr` is a live block this allocator gave for `layout`, given back once
        // (GlobalAlloc's contract): a small one is at least a word, which now links it.
        unsafe {
            if is_small(&layout) {
                let k = class(layout.size());
                *word(ptr as usize) = heap.small[k];
                heap.small[k] = ptr as usize;
            } else {
                heap.free_large(ptr as usize);
            }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the heap's one borrow: the allocator is not re-entered while it is in use (realloc's
        // alloc and dealloc come after its last use).
        let heap = unsafe { HEAP.get() };
        let at = ptr as usize;
        // SAFETY: `layout.align()` is a valid alignment and `new_size`, rounded up to it, does
        // not overflow isize (GlobalAlloc::realloc's contract).
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if is_small(&layout) {
            if is_small(&new_layout) && class(new_size) == class(layout.size()) {
                return ptr;
            }
        } else if !is_small(&new_layout) {
            let block = at - LARGE_HEADER;
            let need = new_size.next_multiple_of(ALIGN) + LARGE_HEADER;
            // SAFETY: `ptr` is a live large block of this allocator (the contract): its header
            // is this heap's.
            let size = unsafe { *word(block) };
            if need <= size {
                return ptr;
            }
            // The block on top of the heap grows in place.
            if block + size == heap.top && heap.bump(need - size) != 0 {
                // SAFETY: as above.
                unsafe { *word(block) = need };
                return ptr;
            }
        }
        // SAFETY: `new_layout`'s size is non-zero (the contract).
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks are live, distinct and at least this long; `ptr` was given for
            // `layout` and is given back once.
            unsafe {
                core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;
