"""Constants shared by the search kernels and engine/search.py (scores, array slots, eval table).

Scores are centipawns from the side to move's view. Two decisive bands, both counted in plies
from the root so shorter wins score higher:
  MATE - ply        checkmate (or no legal move where that loses)
  RULE_WIN - ply    a win by rule: janggi point count at a game end, perpetual-check repetition
"""

MAXP = 128                   # deepest search ply (frames, PV rows, killer slots)
INF = 32000
MATE = 30000
MATE_BOUND = MATE - 2 * MAXP         # |score| >= this: a mate
RULE_WIN = 20000
RULE_BOUND = RULE_WIN - 2 * MAXP     # |score| >= this: decisive (mate or rule win)
EVAL_NONE = -INF - 1                 # F_EVAL of a node in check: no static evaluation
MOVE_MASK = (1 << 26) - 1

# --- per-thread control block of one search call (int64) ------------------------------------------
C_NODES = 0                  # nodes searched (kept across calls of one search)
C_SELDEPTH = 1
C_ABORTED = 2                # out: 1 if the stop flag, deadline or node limit cut the call short
C_NODE_LIMIT = 3             # 0 = none
C_DEPTH = 4                  # in: the root's depth
C_ALPHA = 5                  # in: the root's window
C_BETA = 6
C_NROOT = 7                  # in: root moves, in moves[:n] in the order to search them
C_HBASE = 8                  # in: index of the root in the path arrays (hist, chk)
C_AGE = 9                    # in: TT age of this search
C_SCORE = 10                 # out: the root's score (side to move's view)
C_BEST = 11                  # out: best root move (0 if none beat alpha)
C_PVLEN = 12                 # out: length of the PV in pv[0, :]
C_ROOT_DONE = 13             # out: root moves fully searched in this call
C_SIZE = 16

# --- control array shared by all threads (int64) --------------------------------------------------
SH_STOP = 0
SH_DEADLINE = 1              # CLOCK_MONOTONIC ns; 0 = none
SH_SIZE = 4

# --- evaluation scratch array (int64) -------------------------------------------------------------
SC_PAWNS = 0                         # 64 slots: per-file pawn counts and extremes
SC_LIST = 64                         # 256 slots: the pawn squares, for the passed-pawn pass
SC_CACHE = 320                       # evaluation cache: (hash high bits | score), by hash low bits
SC_CACHE_BITS = 16
SC_ACC = SC_CACHE + (1 << SC_CACHE_BITS)   # NNUE accumulators: [(ply * 2 + side) * NN_MAX_L1]
NN_MAX_L1 = 512                      # widest first layer a net may have
NN_MAX_HIDDEN = 32                   # widest hidden layer a net may have
SC_HIDDEN = SC_ACC + (MAXP + 2) * 2 * NN_MAX_L1   # the first hidden layer's activations [i]
SC_SIZE = SC_HIDDEN + NN_MAX_HIDDEN
SC_SCORE_BITS = 20                   # low bits of an entry: score + 2**19

# --- heuristics array (int32): killers, then the histories ----------------------------------------
# A history entry moves by gravity toward +-its bound D (entry += bonus - entry * |bonus| / D),
# so it needs no cap and recent results weigh more.
HK_KILLERS = 0                       # [ply * 2 + k]
HK_HISTORY = 2 * (MAXP + 2)          # butterfly: [(side * 256 + from) * 256 + to]
CONT_TYPES = 16                      # piece-type slots of a continuation index (types < 16)
CONT_SQUARES = 96                    # playable-square slots (boards up to 96 squares)
CONT_SIZE = CONT_TYPES * CONT_SQUARES    # a move's continuation index: type * 96 + square index;
                                         # 0 = no move (the root's context, a null move, a pass)
HK_CONT = HK_HISTORY + 2 * 256 * 256     # continuation: [(side * CONT_SIZE + earlier) *
                                         # CONT_SIZE + this], earlier = the move 1 or 2 plies up
CORR_ENTRIES = 1 << 14              # correction history buckets per side (kernels/correction.py)
HK_CORR = HK_CONT + 2 * CONT_SIZE * CONT_SIZE   # correction: [side * CORR_ENTRIES + pawn bucket]
HK_SIZE = HK_CORR + 2 * CORR_ENTRIES
HISTORY_BOUND = 10000                # D of the butterfly history
CONT_BOUND = 30000                   # D of the continuation history

# --- frame fields (int64[MAXP + 2, F_SIZE]) ------------------------------------------------------
F_ALPHA = 0
F_BETA = 1
F_DEPTH = 2
F_STAGE = 3
F_INCHECK = 4
F_BEST = 5
F_BESTMV = 6
F_START = 7
F_END = 8
F_IDX = 9
F_OALPHA = 10
F_TTMV = 11
F_LEGAL = 12                 # legal moves tried so far
F_CURMV = 13
F_RED = 14                   # reduction applied to the child being searched
F_NEWDEPTH = 15              # the child's unreduced depth
F_PFN = 16                   # plies since the last null move (bounds the repetition scan)
F_ISNULL = 17                # this node was reached by a null move
F_SAVE_HASH = 18
F_SAVE_EP = 19
F_EVAL = 20
F_QUIET = 21                 # the current move is quiet
F_SORTED = 22                # move ordering state: 1 sorted; 0 / -1 not yet (all / captures);
                             # -3 / -2 the TT move was put first, the rest still unsorted
F_IMPROVING = 23             # 1 if the static eval rose since our previous move (see improving())
F_MG = 24                    # material(): kept up to date move by move (material_delta)
F_EG = 25
F_PHASE = 26
F_ARMED = 27
F_CONT = 28                  # continuation index of the current move (0: null move or pass)
F_PKEY = 29                  # pawn key (kernels/correction.py), kept move by move
F_RAW_EVAL = 30              # the static eval before its correction (F_EVAL is after)
F_EXCLUDED = 31              # the TT move while the node searches its other moves to see
                             # whether it is singular; 0 otherwise
F_SE_ALPHA = 32              # during that search: the node's own alpha, beta and depth,
F_SE_BETA = 33               # restored when it ends (leave_singular)
F_SE_DEPTH = 34
F_SE_EXT = 35                # extension the singular search gave the TT move (0 or 1)
F_SIZE = 36

ST_ENTER = 0
ST_AFTER_NULL = 1
ST_MOVES = 2
ST_AFTER_ZW = 3
ST_AFTER_FULL = 4

# --- TT entry packing (data int64; key slot holds key ^ data) -------------------------------------
TT_BOUND_SHIFT = 26
TT_DEPTH_SHIFT = 28          # depth + 16, 8 bits
TT_AGE_SHIFT = 36            # 8 bits
TT_SCORE_SHIFT = 48          # score + 32768, 16 bits
B_UPPER = 1
B_LOWER = 2
B_EXACT = 3

# --- eval table (int32) header slots -------------------------------------------------------------
EV_PST_MG = 0                # offset of [(side * 32 + pt) * 256 + sq], material included
EV_PST_EG = 1
EV_PHASE = 2                 # offset of [pt] phase weight
EV_PHASE_TOTAL = 3           # value
EV_HAND_MG = 4               # offset of [pt * 8 + min(count, 7)]: value of the count-th piece
EV_HAND_EG = 5
EV_POINTS = 6                # offset of [pt]: points for game ends decided by counting
EV_SECOND_BONUS = 7          # value: points added to the second player
EV_FLAGS = 8
EV_CLOCK_DRAW = 9            # value: plies without capture (S_CLOCK) that draw; 0 = none
EV_PLY_POINTS = 10           # value: game plies (S_PLY) after which points decide; 0 = none
EV_ATTACKERS = 11            # value: bit mask of types that can mate; none on both sides = draw
EV_TEMPO = 12
EV_MOB_MG = 13               # offset of [pt]: per reachable square, riders and hoppers
EV_MOB_EG = 14
EV_KZONE = 15                # offset of [pt]: penalty per enemy piece of type pt near our royal
EV_SHIELD = 16               # offset of [pt]: bonus per own piece of type pt next to our royal
EV_PAWN = 17                 # value: 1 = score chess-style pawn structure
EV_DOUBLED = 18
EV_ISOLATED = 19
EV_PASSED = 20               # offset of [relative rank] passed-pawn bonus (eg; mg is half)
EV_MOB_CAP = 21              # value: max counted squares per piece
EV_LAZY = 22                 # value: lazy-eval margin (skip positional terms beyond it)
EV_CHASE_REGION = 23         # 2 values: region where side 0/1 pawns have crossed (-1: all)
EV_LMR = 25                  # offset of [min(depth, 63) * 64 + min(move number, 63)]: reduction
EV_SEARCH = 26               # offset of the game's search numbers [SP_*] (search_tables.py)
EV_NNUE = 27                 # offset of the net's block [NN_*] (engine/kernels/nnue.py); 0 = none
EV_HEADER = 32

# --- the net's block, at E[E[EV_NNUE] + NN_*] (engine/nnue/network.py packs it) -------------------
NN_L1 = 0                    # value: accumulators per perspective
NN_SQUARES = 1               # value: playable squares
NN_TYPES = 2                 # value: piece types
NN_PER_COLOUR = 3            # value: features of one colour (board planes, then hand slots)
NN_ORIENT = 4                # offset of [perspective * NSQ + sq]: dense square as that side sees it
NN_HAND_BASE = 5             # offset of [pt]: first hand slot of the type
NN_SLOTS = 6                 # offset of [pt]: hand slots of the type
NN_FT_W = 7                  # offset of [feature * L1 + j]: first layer (int16 values)
NN_FT_B = 8                  # offset of [j]
NN_OUT_W = 9                 # offset of [half * L1 + j]: output weights (side to move's half
                             # first), or [i] over the last hidden layer's neurons
NN_OUT_B = 10                # value: output bias
NN_L2 = 11                   # value: neurons of the first hidden layer (0: none)
NN_L3 = 12                   # value: neurons of the second hidden layer (0: none)
NN_H1 = 13                   # offset of the first hidden layer: [i] biases, then at L2 +
                             # (half * L1 + j) * L2 + i the weights, input by input
NN_H2 = 14                   # offset of [k * (L2 + 1)]: neuron k's bias, then its L2 weights
NN_ROYAL = 15                # value: the royal piece type whose square picks the bucket (0: none)
NN_PER_BUCKET = 16           # value: features of one king bucket's block
NN_VIEWS = 17                # offset of [k * squares + s]: by the king's square s as its side
                             # sees it, k = 0 its bucket, 1 whether the view is mirrored; k = 2
                             # by any square as seen, that square mirrored (features.py views())
NN_HEADER = 20

# --- a game's search numbers, at E[E[EV_SEARCH] + SP_*] (engine/search_tables.SearchProfile) -----
SP_RFP_DEPTH = 0
SP_RFP_MARGIN = 1
SP_RFP_IMPROVING = 2
SP_LMP_DEPTH = 3
SP_LMP_QUADRATIC = 4
SP_LMP_QUADRATIC_IMPROVING = 5
SP_FUTILITY_BASE = 6
SP_FUTILITY_MARGIN = 7
SP_FUTILITY_REDUCED = 8
SP_CONT_HISTORY = 9
SP_SEE = 10
SP_SKIP_QUIETS = 11
SP_CORRECTION = 12
SP_LMP_DIVISOR = 13
SP_LMP_DIVISOR_IMPROVING = 14
SP_SINGULAR_DEPTH = 15
SP_SINGULAR_MARGIN = 16
SP_REDUCE_BAD_CAPTURES = 17
SP_LOSING_CHECKS = 18
SP_RAZOR_MARGIN = 19
SP_SIZE = 20

EVF_NOMOVES_LOSS = 1         # no legal move (not in check) loses; else it is a draw
EVF_PERPETUAL_LOSES = 2      # the side that checked on every move of a repetition cycle loses
EVF_REP_POINTS = 4           # repetition ends the game by points (else a draw)
EVF_NULL_MOVE = 8            # null-move pruning allowed
EVF_PASS_POINTS = 16         # two passes end the game by points
EVF_BIKJANG = 32             # royals facing after a capture, left standing by the reply: points
EVF_PERPETUAL_CHASE = 64     # with EVF_PERPETUAL_LOSES: chases count like checks (xiangqi)
