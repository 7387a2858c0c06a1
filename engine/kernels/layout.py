"""Array layouts shared by the kernels and the Python glue.

Glossary used across ``engine/kernels``:
  sq    index into the padded mailbox (0..255); ``OFF`` marks padding
  pc    signed piece code on the board: +type for side 0, -type for side 1
  pt    piece type, 1..31 (index into the variant's piece list, plus one)
  mv    int32 move: from | to << 8 | promo type << 16 | flags
  stm   side to move, 0 (first player) or 1
  T     int32 table array compiled from a variant spec (see ``engine/tables.py``)
  Z     int64 Zobrist keys (slots ``Z_*`` below)
  st    int64 state vector (slots ``S_*`` below)
  undo  int64[MAX_PLY, U_SIZE] undo records, one per move made
"""

OFF = 100            # padding sentinel on the board
NSQ = 256            # every board fits in a 256-square padded mailbox
PAD = 3              # padding rings around the playable area
MAX_TYPES = 32       # piece types per variant (index 0 unused)
MAX_PLY = 1024       # moves that can be made on one state before it overflows
MOVE_BUF = 1 << 17   # move buffer length shared by all plies of a search
MARK_SPACE = 512     # gen_legal keeps square marks and their stamp in any buffer's last 512 entries

# --- move encoding -------------------------------------------------------------------------------
M_FROM_MASK = 0xFF
M_TO_SHIFT = 8
M_PROMO_SHIFT = 16   # 5 bits: piece type after promotion, 0 = none
M_PROMO_MASK = 31
MF_DROP = 1 << 21    # from = dropped piece type
MF_EP = 1 << 22      # en passant capture
MF_CASTLE = 1 << 23  # to = the rook's square (king-takes-rook, works for Chess960)
MF_PASS = 1 << 24    # from = to = own royal square
MF_DOUBLE = 1 << 25  # pawn double step: sets the en passant square

# --- Zobrist key layout (Z, filled by engine/tables.py) ------------------------------------------
Z_SIDE = 0                       # the second player to move
Z_CASTLE = 1                     # 16 entries: one per castling-rights value
Z_EP = Z_CASTLE + 16             # NSQ entries: en passant square
Z_PIECE = Z_EP + NSQ             # [side * MAX_TYPES + pt] * NSQ + sq
HAND_KEYS = 32                   # keys per hand slot: counts 0..31 (more hash as 31)
Z_HAND = Z_PIECE + 2 * MAX_TYPES * NSQ   # [side * MAX_TYPES + pt] * HAND_KEYS + count
Z_SIZE = Z_HAND + 2 * MAX_TYPES * HAND_KEYS

# --- state vector slots --------------------------------------------------------------------------
S_STM = 0
S_KING = 1           # 2 slots: royal square of side 0 and side 1 (0 if none)
S_HASH = 3
S_EP = 4             # en passant target square, 0 if none
S_CASTLE = 5         # castling rights bits (1, 2 side 0; 4, 8 side 1)
S_CLOCK = 6          # plies since the last capture (or pawn move, if the variant says so)
S_PLY = 7            # plies made since the game start (for 200-ply style limits)
S_PASSES = 8         # consecutive passes just played
S_SP = 9             # undo stack pointer
S_CAPTURES = 10      # captures made in the game so far (janggi bikjang needs "any capture yet")
S_CROOK = 12         # 4 slots: rook square for each castling right
S_HAND = 16          # 2 * MAX_TYPES slots: pieces in hand, [side * 32 + pt]
S_FACING = 16 + 2 * MAX_TYPES   # royals facing on an open file (F_BIKJANG): one of FACE_*
S_PRIOR_CAPTURE = S_FACING + 1  # 1 if the FEN's material shows a capture before it was set up
S_SIZE = S_FACING + 2

FACE_NONE = 0        # royals not facing
FACE_PENDING = 1     # the last move created the facing after a capture: the reply must break it
FACE_ENDED = 2       # the reply left a pending facing standing: the game is over (bikjang)
FACE_IDLE = 3        # facing that cannot end the game (set up in the FEN, or before any capture)

# --- undo record fields --------------------------------------------------------------------------
U_MOVE = 0
U_CAPTURED = 1       # captured piece code (0 if none)
U_CAPSQ = 2          # square the captured piece stood on
U_HASH = 3           # hash before the move
U_EP = 4
U_CASTLE = 5
U_CLOCK = 6
U_PASSES = 7
U_MOVED = 8          # piece code that moved (the unpromoted piece, for unmaking promotions)
U_FACING = 9
U_SIZE = 10

# --- table header slots (T[0:64]) ---------------------------------------------------------------
H_W = 0              # padded board width
H_FILES = 1
H_RANKS = 2
H_NTYPES = 3
H_FLAGS = 4
H_ROYAL = 5          # royal piece type
H_PAWN = 6           # pawn type for nifu / en passant / clock reset, 0 if none
H_NPLAY = 7          # number of playable squares
H_PLAY = 8           # offset of the playable-square list
H_ATOMS = 9          # offset of atom records
H_ATOM_IDX = 10      # offset of [side * 32 + pt] -> (first atom, end atom)
H_REGIONS = 11       # offset of region masks, 256 entries each
H_LINES = 12         # offset of the line-direction mask per square
H_ATT_KING = 13      # offset of per-side (start, end) of king-attack entries
H_ATT_ALL = 14       # offset of per-side (start, end) of full attack entries
H_PROMO = 15         # offset of [pt] -> (count, choice0..3)
H_DEMOTE = 16        # offset of [pt] -> type it becomes in hand
H_FORCED = 17        # offset of [side * 32 + pt] -> region where the piece may not stay unpromoted
H_ZONE = 18          # offset of [side] -> promotion-zone region index
H_FORWARD = 20       # square delta of one step forward for side 0
H_VALUES = 21        # offset of [pt] -> material value (centipawns, used by search and arbiter)
H_CHECK_REL = 22     # offset of [side][NSQ + square - enemy royal square] -> may-give-check bits
H_SQ_INDEX = 23      # offset of [sq] -> index among the playable squares (0..H_NPLAY-1)
HEADER_SIZE = 64

# --- flags (T[H_FLAGS]) --------------------------------------------------------------------------
F_FLYING_GENERAL = 1 << 0   # royals may not face each other on an open file
F_PASS = 1 << 1             # a side not in check may pass
F_DOUBLE_PASS_ENDS = 1 << 2 # two passes in a row end the game
F_DROPS = 1 << 3
F_NIFU = 1 << 4
F_UCHIFUZUME = 1 << 5
F_PROMO_ON_FROM = 1 << 6    # promotion also when the move starts in the zone (shogi)
F_CASTLING = 1 << 7
F_EN_PASSANT = 1 << 8
F_PAWN_RESETS_CLOCK = 1 << 9
F_BIKJANG = 1 << 10          # facing royals left standing for one reply end the game (janggi)

# --- atom records --------------------------------------------------------------------------------
A_KIND = 0
A_DELTA = 1
A_LEG1 = 2           # 0 = no leg; else square delta from the origin that must be empty
A_LEG2 = 3
A_MODE = 4
A_FROMREG = 5        # region index the origin must be in, -1 = anywhere
A_TOREG = 6          # region index the target must be in, -1 = anywhere
A_LINE = 7           # line-direction bit every step must follow (0 = unrestricted)
A_FLAGS = 8
A_TYPE = 9
A_SIZE = 10

K_LEAP = 0
K_RIDE = 1
K_HOP = 2            # cannon: jump exactly one screen

MODE_QUIET = 1
MODE_CAPTURE = 2
MODE_BOTH = 3

AF_DOUBLE = 1        # pawn double step (sets en passant)
AF_EP = 2            # may capture en passant
AF_HOP_NOT_SAME = 4  # may not jump over or capture its own type (janggi cannon)

# --- attack entries ------------------------------------------------------------------------------
E_KIND = 0           # K_LEAP or K_RIDE (a ray that also covers hoppers)
E_DELTA = 1          # leap: attacker = target + delta; ray: scan direction from the target
E_LEG1 = 2           # leap legs, relative to the attacker
E_LEG2 = 3
E_MASK = 4           # leap: attacker types; ray: slider types
E_HOPMASK = 5        # ray: hopper types (first piece after one screen)
E_HOPEXCL = 6        # ray: types that may not act as screen for the hoppers
E_FROMREG = 7        # leap: region the attacker must stand in
E_TOREG = 8          # leap: region the target must be in
E_LINE = 9           # line bit the attacker's steps must follow
E_SIZE = 10
